import { API, CODE_MESSAGES, Code, isElementCode } from '@flexpay/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tokenFromHeader, type Access } from '../core/auth.ts';
import { asPlatform, narrowRequestScope } from '../db/scope.ts';
import { AppError } from '../lib/errors.ts';

/** One API route and who may call it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route with its access, as declared (HEAD routes left out): what tests walk. */
    readonly accessTable: readonly RouteAccess[];
  }
}

const UNGUARDED_PREFIXES = [API.system.docs];

/**
 * Every API route must declare its access in `config.access`; a route without one stops the
 * server at start-up. Each request is then authenticated and checked before validation runs.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('operator', null);
    const { authenticators } = app.ctx.registry;
    /** A realm's authenticator, registered by its area (modules/auth, modules/operator) before any request. */
    const realm = <K extends keyof typeof authenticators>(name: K) => {
      const found = authenticators[name];
      if (!found) throw new Error(`未注册 ${String(name)} 的身份验证`);
      return found as NonNullable<(typeof authenticators)[K]>;
    };
    const accessTable: RouteAccess[] = [];
    app.decorate('accessTable', { getter: () => accessTable });

    app.addHook('onRoute', (route) => {
      const url = route.url;
      if (!url.startsWith('/api/') || UNGUARDED_PREFIXES.some((p) => url.startsWith(p))) return;
      const access = route.config?.access;
      if (!access) throw new Error(`路由 ${String(route.method)} ${url} 未声明访问权限 (config.access)`);
      if (access !== 'public' && access !== 'session' && access !== 'operator' && !isElementCode(access)) {
        throw new Error(`路由 ${String(route.method)} ${url} 的权限码 ${access} 不在权限目录中`);
      }
      for (const method of [route.method].flat()) if (method !== 'HEAD') accessTable.push({ method, url, access });
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      if (!access) return;
      const token = tokenFromHeader(request.headers.authorization);
      if (access === 'operator') {
        const operator = await realm('operator')(app.ctx, token);
        request.operator = operator;
        // The operator console works across companies: the platform's scope, named by operator.
        narrowRequestScope({
          kind: 'platform',
          reason: `operator ${operator.operatorId} ${request.routeOptions.url ?? ''}`,
        });
        return;
      }
      // A session names its company only once it is found: identity is read across companies.
      const authenticate = (t: string | undefined) =>
        asPlatform('authenticate a session', () => realm('session').authenticate(app.ctx, t));
      if (access === 'public') {
        if (token) request.auth = await authenticate(token).catch(() => null);
        if (request.auth) narrowRequestScope({ kind: 'company', companyId: request.auth.companyId });
        return;
      }
      const auth = await authenticate(token);
      request.auth = auth;
      narrowRequestScope({ kind: 'company', companyId: auth.companyId });
      if (access !== 'session' && !auth.elements.has(access)) {
        throw new AppError(Code.FORBIDDEN, CODE_MESSAGES[Code.FORBIDDEN]);
      }
    });

    // Sign-outs, password changes, role and admin edits are write requests. Once a handler is
    // done (its transaction committed) and before its answer leaves, no remembered session may
    // be reused, in this process or another: the client cannot send its next request, through
    // any process, on the old state.
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS')
        await asPlatform('forget changed sessions', async () =>
          authenticators.session?.invalidate(request.auth?.companyId),
        );
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
