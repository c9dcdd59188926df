import { Code, ZEnvelope } from '@flexpay/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireAuth, requireOperator, type Access, type AuthContext, type OperatorContext } from '../core/auth.ts';
import { IDEMPOTENCY_DOC, ZIdempotencyHeaders } from './idempotency.ts';

/** The parsed value of an optional part of the request: `undefined` where the route has no schema. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the parsed path parameters, query string and body, and the request. */
export interface RouteInput<P, Q, B> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  request: FastifyRequest;
}

/** Who a handler acts for: the operator of an `operator` route, else the admin (signed in, except on a `public` route). */
type AuthOf<A extends Access> = A extends 'public'
  ? AuthContext | null
  : A extends 'operator'
    ? OperatorContext
    : AuthContext;

export interface RouteDefinition<A extends Access, P, Q, B, D extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A template of `API` in the contract. */
  url: string;
  access: A;
  /** The action name of the audit row of a mutating route (e.g. `role.update`); `false` for none. */
  audit?: string | false;
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    /** The request's media types where it is not JSON: `['multipart/form-data']` for an upload. */
    consumes?: string[];
    params?: P;
    querystring?: Q;
    body?: B;
    /** The schema of `data` in the success envelope. */
    data: D;
  };
  /** The route moves money: it accepts an `Idempotency-Key` header (documented here; the handler calls `idempotent`). */
  idempotent?: boolean;
  /** The success message shown to the user, where the answer carries one (it may depend on the answer). */
  message?: string | ((data: z.input<D>) => string);
  /** The audit target known before the work starts (so a refused call names it too), e.g. `role:7`. */
  target?: (input: RouteInput<P, Q, B>) => string;
  /** The audit target named by the answer, for what the call creates. */
  targetOfResult?: (data: z.input<D>) => string;
  handler: (auth: AuthOf<A>, input: RouteInput<P, Q, B>) => Promise<z.input<D>> | z.input<D>;
}

/**
 * Registers a JSON route written once: its path from the contract, its access, the schemas of
 * its input and of its answer's `data`; the handler returns the data. This supplies the session
 * (40101 without one on a guarded route), the success envelope and the audit target. Routes that
 * stream or send files register with Fastify directly.
 */
export function route<
  A extends Access,
  D extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(app: FastifyInstance, definition: RouteDefinition<A, P, Q, B, D>): void {
  const { schema } = definition;
  app.route({
    method: definition.method,
    url: definition.url,
    config: {
      access: definition.access,
      ...(definition.audit === undefined ? {} : { audit: definition.audit }),
    },
    schema: {
      tags: schema.tags,
      summary: schema.summary,
      ...(schema.description || definition.idempotent
        ? { description: [schema.description, definition.idempotent ? IDEMPOTENCY_DOC : ''].filter(Boolean).join('') }
        : {}),
      ...(definition.idempotent ? { headers: ZIdempotencyHeaders } : {}),
      ...(schema.consumes ? { consumes: schema.consumes } : {}),
      ...(schema.params ? { params: schema.params } : {}),
      ...(schema.querystring ? { querystring: schema.querystring } : {}),
      ...(schema.body ? { body: schema.body } : {}),
      response: { 200: ZEnvelope(schema.data) },
    },
    handler: async (request) => {
      // Fastify has parsed each part with the schema above, so the casts only restate that.
      const input = {
        params: request.params as Parsed<P>,
        query: request.query as Parsed<Q>,
        body: request.body as Parsed<B>,
        request,
      };
      const auth = (
        definition.access === 'public'
          ? request.auth
          : definition.access === 'operator'
            ? requireOperator(request)
            : requireAuth(request)
      ) as AuthOf<A>;
      if (definition.target) request.audit.target = definition.target(input);
      const data = await definition.handler(auth, input);
      if (definition.targetOfResult) request.audit.target = definition.targetOfResult(data);
      const message = typeof definition.message === 'function' ? definition.message(data) : definition.message;
      return { status: Code.OK, ...(message ? { message } : {}), data };
    },
  });
}
