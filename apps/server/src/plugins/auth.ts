import { API, CODE_MESSAGES, Code, isElementCode, type TElementCode } from '@flexpay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { createSessionCache } from '../modules/auth/session-cache.ts';
import type { AuthContext } from '../modules/auth/service.ts';
import { tokenFromHeader } from '../modules/auth/tokens.ts';
import { authenticateOperator, type OperatorContext } from '../modules/operator/service.ts';

/**
 * Who may call a route: `public` (no session; a valid token is still read), `session` (any
 * signed-in admin), an element code the admin's roles must grant, or `operator` (a signed-in
 * platform operator, the operator realm: no admin's token opens it, and no operator's token
 * opens any of the others).
 */
export type Access = 'public' | 'session' | 'operator' | TElementCode;

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
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The signed-in operator of an `operator` route. */
    operator: OperatorContext | null;
  }
  interface FastifyInstance {
    /** Every API route with its access, as declared (HEAD routes left out): what tests walk. */
    readonly accessTable: readonly RouteAccess[];
  }
}

/** The signed-in operator of a route declared `operator`. */
export function requireOperator(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw new AppError(Code.UNAUTHENTICATED, CODE_MESSAGES[Code.UNAUTHENTICATED]);
  return request.operator;
}

/** The signed-in admin of a route declared `session` or with an element code. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(Code.UNAUTHENTICATED, CODE_MESSAGES[Code.UNAUTHENTICATED]);
  return request.auth;
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
    const sessions = createSessionCache(app.config.sessionCacheSeconds);
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
        request.operator = await authenticateOperator(app.ctx, token);
        return;
      }
      if (access === 'public') {
        if (token) request.auth = await sessions.authenticate(app.ctx, token).catch(() => null);
        return;
      }
      request.auth = await sessions.authenticate(app.ctx, token);
      if (access !== 'session' && !request.auth.elements.has(access)) {
        throw new AppError(Code.FORBIDDEN, CODE_MESSAGES[Code.FORBIDDEN]);
      }
    });

    // Sign-outs, password changes, role and admin edits are write requests. Once a handler is
    // done (its transaction committed) and before its answer leaves, no remembered session may
    // be reused: the client cannot send its next request on the old state.
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') sessions.clear();
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
