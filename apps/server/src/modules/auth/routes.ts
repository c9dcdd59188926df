import { Code, ZEnvelope, ZLoginBody, ZSwitchBody, ZTokenBody } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.ts';
import { tokenFromHeader } from './tokens.ts';
import { invalidateToken, login, refreshToken, switchAdmin } from './service.ts';

const ZTokenReply = ZEnvelope(z.string());
const client = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/** Spec section 7: sign-in, company switch, token refresh and logout. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/jwt/ecomapnyToken',
    {
      config: { access: 'public', audit: 'auth.login' },
      schema: { tags: ['auth'], summary: '登录', body: ZLoginBody, response: { 200: ZTokenReply } },
    },
    async (request) => {
      request.audit.username = request.body.username;
      const outcome = await login(app.ctx, request.body, client(request), request.audit);
      return { status: Code.OK, data: outcome.token };
    },
  );

  app.post(
    '/api/auth/jwt/ecomapnyAdminToken',
    {
      config: { access: 'session', audit: 'auth.switch' },
      schema: { tags: ['auth'], summary: '切换关联账号', body: ZSwitchBody, response: { 200: ZTokenReply } },
    },
    async (request) => {
      request.audit.target = `admin:${request.body.username}`;
      const outcome = await switchAdmin(
        app.ctx,
        requireAuth(request),
        { username: request.body.username },
        client(request),
      );
      return { status: Code.OK, data: outcome.token };
    },
  );

  app.post(
    '/api/auth/jwt/refresh',
    {
      config: { access: 'public', audit: 'auth.refresh' },
      schema: { tags: ['auth'], summary: '刷新令牌', body: ZTokenBody, response: { 200: ZTokenReply } },
    },
    async (request) => ({
      status: Code.OK,
      data: await refreshToken(app.ctx, request.body.token ?? tokenFromHeader(request.headers.authorization)),
    }),
  );

  app.post(
    '/api/auth/jwt/invalid',
    {
      config: { access: 'public', audit: 'auth.logout' },
      schema: { tags: ['auth'], summary: '退出登录', body: ZTokenBody, response: { 200: ZEnvelope(z.null()) } },
    },
    async (request) => {
      const who = await invalidateToken(app.ctx, request.body.token ?? tokenFromHeader(request.headers.authorization));
      request.audit.adminId = who.adminId;
      request.audit.companyId = who.companyId;
      return { status: Code.OK, data: null };
    },
  );
};
