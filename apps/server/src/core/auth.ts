/**
 * Who is calling, as every area's routes and services see it: the signed-in admin (a company's
 * session) or the platform operator (the operator realm), the route's declared access, and the
 * guards. The areas that sign people in (modules/auth, modules/operator) register how their
 * tokens are checked in `registry.authenticators`; plugins/auth.ts runs them per route.
 */
import { CODE_MESSAGES, Code, type TElementCode } from '@flexpay/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/** A signed-in admin: the session, the company it acts for, and what the admin's roles grant. */
export interface AuthContext {
  sessionId: string;
  adminId: number;
  companyId: number;
  username: string;
  isOwner: boolean;
  expiresAt: Date;
  menus: ReadonlySet<string>;
  elements: ReadonlySet<string>;
}

/** A signed-in platform operator (/ops). */
export interface OperatorContext {
  operatorId: number;
  sessionId: string;
  username: string;
  name: string;
}

/**
 * Who may call a route: `public` (no session; a valid token is still read), `session` (any
 * signed-in admin), an element code the admin's roles must grant, or `operator` (a signed-in
 * platform operator, the operator realm: no admin's token opens it, and no operator's token
 * opens any of the others).
 */
export type Access = 'public' | 'session' | 'operator' | TElementCode;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The signed-in operator of an `operator` route. */
    operator: OperatorContext | null;
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

/** The token of `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.startsWith('Bearer ') ? header.slice(7) : header;
  return value.trim() || undefined;
}
