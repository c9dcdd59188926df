/**
 * Idempotent money requests (issue 16 point 3). A request that moves money may carry an
 * `Idempotency-Key` header: the first request with a key runs its work and stores its answer
 * in the same transaction; a retry with the same key, route and body gets that answer again
 * (header `Idempotent-Replayed: true`); the same key with another route or body answers 40900.
 * A request that fails stores nothing, so its retry runs again. Keys are scoped by realm (the
 * company, or the operator), so two callers' keys never meet.
 */
import { createHash } from 'node:crypto';
import { Code, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows, type Db, type Tx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { z } from 'zod';

export const KEY_REUSED = '该幂等键（Idempotency-Key）已用于另一笔内容不同的请求：请为新的请求换一个新的键';
export const BAD_KEY = '幂等键（Idempotency-Key）格式不正确：应为 8 到 100 位字母、数字或 _ : . -';

/** What the API documentation says of the header, on every route that accepts it. */
export const IDEMPOTENCY_DOC =
  '可带请求头 Idempotency-Key（8–100 位字母、数字或 _ : . -）：同一个键、同样内容的重试得到第一次的结果（响应头 Idempotent-Replayed: true）；同一个键、不同内容答 40900。';

/**
 * The header in a route's schema, for the API documentation. Loose: the request keeps its other
 * headers; the key's format is checked by `idempotencyKeyOf`, with its own Chinese message.
 */
export const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z.string().optional().describe('幂等键：同一业务意图的重试使用同一个键'),
});

/** The key sent with a request, checked; undefined without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(Code.VALIDATION, BAD_KEY, { errors: [{ path: 'Idempotency-Key', message: BAD_KEY }] });
  }
  return key;
}

/** A digest of what the request asks: its path parameters and body as parsed by the route's schemas. */
export const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify({ params: request.params ?? null, body: request.body ?? null }))
    .digest('hex');

/**
 * The stored answer of an earlier request with this request's key, route and body (marked as a
 * replay), or undefined: for a route that must check something before its transaction (a
 * step-up code that a retry no longer has) and still answer a retry as the first time.
 */
export async function findReplay<T>(db: Db, request: FastifyRequest, realm: string): Promise<{ data: T } | undefined> {
  const key = idempotencyKeyOf(request);
  if (!key) return undefined;
  const [first] = await queryRows<{ route: string; body_hash: string; response: unknown; status: number }>(
    db,
    sql`select route, body_hash, response, status from idempotency_key where realm = ${realm} and key = ${key}`,
  );
  if (!first || first.status !== Code.OK) return undefined;
  const route = `${request.method} ${request.routeOptions.url ?? ''}`.slice(0, 200);
  if (first.route !== route || first.body_hash !== requestHash(request)) throw new AppError(Code.CONFLICT, KEY_REUSED);
  request.idempotentReplay = true;
  return { data: first.response as T };
}

/**
 * Runs `work` in one transaction, once per idempotency key of the realm. Concurrent requests
 * with the same key wait for the first one's transaction (the key's primary key) and then
 * replay its answer, or run themselves if it rolled back.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  realm: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  if (!key) return db.transaction(work);
  const route = `${request.method} ${request.routeOptions.url ?? ''}`.slice(0, 200);
  const bodyHash = requestHash(request);
  const outcome = await db.transaction(async (tx) => {
    const inserted = await queryRows<{ key: string }>(
      tx,
      sql`insert into idempotency_key (realm, key, route, body_hash, status)
          values (${realm}, ${key}, ${route}, ${bodyHash}, 0)
          on conflict do nothing returning key`,
    );
    if (!inserted.length) {
      const [first] = await queryRows<{ route: string; body_hash: string; response: unknown }>(
        tx,
        sql`select route, body_hash, response from idempotency_key where realm = ${realm} and key = ${key}`,
      );
      if (!first || first.route !== route || first.body_hash !== bodyHash)
        throw new AppError(Code.CONFLICT, KEY_REUSED);
      return { replayed: true, data: first.response as T };
    }
    const data = await work(tx);
    await tx.execute(
      sql`update idempotency_key set status = ${Code.OK}, response = ${JSON.stringify(data ?? null)}::jsonb
          where realm = ${realm} and key = ${key}`,
    );
    return { replayed: false, data };
  });
  if (outcome.replayed) request.idempotentReplay = true;
  return outcome.data;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the answer is a replay of the first request with the same idempotency key. */
    idempotentReplay?: boolean;
  }
}

/** Marks replayed answers with `Idempotent-Replayed: true`. */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.idempotentReplay) reply.header('idempotent-replayed', 'true');
    });
  },
  { name: 'idempotency' },
);
