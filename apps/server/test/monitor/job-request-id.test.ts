import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { createTestDatabase, testConfig } from '../helpers.ts';
import { waitFor } from '../wait-for.ts';

/** The app's JSON log lines, as written. */
const lines: Record<string, unknown>[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    done();
  },
});

describe("a job's log lines carry the id of the request that queued it", () => {
  let app: FastifyInstance;
  let database: Database;
  const seen: unknown[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig({ logLevel: 'info' }), database, logger: { stream } });
    app.jobs.work('test.echo', z.strictObject({ n: z.number() }), async (data) => {
      seen.push(data);
      app.log.info({ n: data.n }, 'echo job ran');
    });
    // A route outside /api (no access rule) that queues the job during its request.
    app.post('/test/queue', async () => ({ id: await app.jobs.send('test.echo', { n: 7 }) }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('names the request in the handler’s lines, and the handler sees its own data only', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/test/queue',
      headers: { 'x-request-id': 'req-from-test-41' },
    });
    expect(res.statusCode).toBe(200);
    const line = await waitFor(
      async () => lines.find((l) => l.msg === 'echo job ran'),
      (l) => l !== undefined,
      { what: 'the job to log' },
    );
    expect(line).toMatchObject({ reqId: 'req-from-test-41', n: 7 });
    // The id travels beside the data: the handler's strict schema saw { n } alone.
    expect(seen).toEqual([{ n: 7 }]);
    // The request's own lines carry it once, as Fastify writes it.
    const requestLine = lines.find((l) => l.msg === 'incoming request' && l.reqId === 'req-from-test-41');
    expect(requestLine).toBeDefined();
  });

  it('logs a job queued outside any request without a request id', async () => {
    await app.jobs.send('test.echo', { n: 8 });
    const line = await waitFor(
      async () => lines.find((l) => l.msg === 'echo job ran' && l.n === 8),
      (l) => l !== undefined,
      { what: 'the job to log' },
    );
    expect(line?.reqId).toBeUndefined();
  });
});
