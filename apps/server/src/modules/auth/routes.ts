import { API, ZLoginBody, ZSendSmsBody, ZSendSmsResult, ZSwitchBody, ZTokenBody } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asPlatform } from '../../db/scope.ts';
import { route } from '../../plugins/route.ts';
import { tokenFromHeader } from '../../core/auth.ts';
import { sendSmsForPurpose } from './send-sms.ts';
import { invalidateToken, login, refreshToken, switchAdmin } from './service.ts';

const client = (req: { ip: string; headers: Record<string, string | string[] | undefined> }) => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
});

/** Spec section 7: sign-in, company switch, token refresh, logout and sendSms. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'POST',
    url: API.auth.login,
    access: 'public',
    audit: 'auth.login',
    schema: { tags: ['auth'], summary: '登录', body: ZLoginBody, data: z.string() },
    handler: async (_auth, { body, request }) => {
      request.audit.username = body.username;
      // Who signs in is known only once the username is found: identity reads across companies.
      return asPlatform('sign in', async () => (await login(app.ctx, body, client(request), request.audit)).token);
    },
  });

  route(app, {
    method: 'POST',
    url: API.auth.switchCompany,
    access: 'session',
    audit: 'auth.switch',
    schema: { tags: ['auth'], summary: '切换关联账号', body: ZSwitchBody, data: z.string() },
    target: ({ body }) => `admin:${body.username}`,
    // The linked admin is of another company.
    handler: (auth, { body, request }) =>
      asPlatform(
        'switch to a linked company',
        async () => (await switchAdmin(app.ctx, auth, body, client(request))).token,
      ),
  });

  route(app, {
    method: 'POST',
    url: API.auth.refresh,
    access: 'public',
    audit: 'auth.refresh',
    schema: { tags: ['auth'], summary: '刷新令牌', body: ZTokenBody, data: z.string() },
    handler: (_auth, { body, request }) =>
      asPlatform('refresh a token', () =>
        refreshToken(app.ctx, body.token ?? tokenFromHeader(request.headers.authorization)),
      ),
  });

  route(app, {
    method: 'POST',
    url: API.auth.logout,
    access: 'public',
    audit: 'auth.logout',
    schema: { tags: ['auth'], summary: '退出登录', body: ZTokenBody, data: z.null() },
    handler: async (_auth, { body, request }) => {
      const who = await asPlatform('sign out', () =>
        invalidateToken(app.ctx, body.token ?? tokenFromHeader(request.headers.authorization)),
      );
      request.audit.adminId = who.adminId;
      request.audit.companyId = who.companyId;
      return null;
    },
  });

  // sendSms (a verification path): a sign-in challenge's code, or one to the signed-in admin's own phone.
  route(app, {
    method: 'POST',
    url: API.verification.sendSms,
    access: 'public',
    audit: 'verification.sendSms',
    schema: { tags: ['verification'], summary: '发送短信验证码', body: ZSendSmsBody, data: ZSendSmsResult },
    // A public route: the session, where there is one, decides which phone a code may go to.
    handler: (auth, { body, request }) =>
      asPlatform('send a verification code', () => sendSmsForPurpose(app.ctx, auth, body, request.ip)),
  });
};
