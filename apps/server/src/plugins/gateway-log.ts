import { hostname } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { insertByColumns } from '../db/insert-columns.ts';
import { asPlatform } from '../db/scope.ts';
import { accessLog, serverLog } from '../db/schema/index.ts';
import { createBatchWriter, type BatchWriter } from '../lib/batch-writer.ts';

type AccessRow = typeof accessLog.$inferInsert;
type ServerLine = typeof serverLog.$inferInsert;

declare module 'fastify' {
  interface FastifyInstance {
    /** 网关日志's writers (issue 41): rows waiting, and a flush for tests and shutdown. */
    gatewayLog: { access: BatchWriter<AccessRow>; serverLines: BatchWriter<ServerLine> };
  }
}

/** The envelope's business code at the head of a JSON answer (`{"status":40001,…`). */
const ENVELOPE_CODE = /^\{"status":(-?\d{1,9})[,}]/;

function realmOf(request: FastifyRequest): 'company' | 'operator' | 'public' {
  if (request.operator) return 'operator';
  return request.auth ? 'company' : 'public';
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Where the server's log lines go: stdout, and those of a request at warn or above also to
 * 网关日志's `server_log` (through `attach`, once the database is known). Handed to Fastify as
 * its logger's stream.
 */
export function serverLogStream(out: NodeJS.WritableStream = process.stdout) {
  let sink: ((line: ServerLine) => void) | undefined;
  let processName = '';
  return {
    write(line: string) {
      out.write(line);
      // pino writes `{"level":40,...`: only warn (40) and above are parsed.
      if (!sink || !/^\{"level":[4-6]\d/.test(line)) return;
      try {
        const { level, time, reqId, msg, ...rest } = JSON.parse(line) as Record<string, unknown>;
        if (typeof reqId !== 'string' || typeof level !== 'number') return;
        delete rest.pid;
        delete rest.hostname;
        sink({
          at: new Date(typeof time === 'number' ? time : Date.now()),
          process: processName,
          level,
          requestId: cut(reqId, 64),
          message: cut(typeof msg === 'string' ? msg : '', 500),
          detail: cut(JSON.stringify(rest), 4000),
        });
      } catch {
        // A line that is not JSON is stdout's only.
      }
    },
    attach(to: (line: ServerLine) => void, name: string) {
      sink = to;
      processName = name;
    },
  };
}
export type ServerLogStream = ReturnType<typeof serverLogStream>;

/**
 * 网关日志 (issue 41): one `access_log` row per API request of either realm — who, what, how it
 * ended, how long it took — pushed to a batch writer when the answer is sent (the request never
 * waits for the log) and written by one INSERT of column arrays a second or per thousand rows. Never a
 * body, a token, a query string or a code: the path is the URL's path only. Off with
 * `ACCESS_LOG=0`. Registered before the compression of answers: its onSend reads the envelope.
 */
export const gatewayLogPlugin = fp(
  async (app: FastifyInstance, { stream }: { stream?: ServerLogStream | undefined }) => {
    const processName = app.config.processName ?? `${hostname()}:${process.pid}`;
    const writeRows =
      <T>(table: typeof accessLog | typeof serverLog, what: string) =>
      (rows: T[]) =>
        asPlatform(what, async () => {
          // Both tables' inserts take their own row type; the writer is typed by each caller.
          await app.db.execute(insertByColumns(table, rows as never));
        });
    const onError = (err: unknown) => app.log.warn({ err }, 'gateway log not written yet (kept for the next try)');
    const access = createBatchWriter<AccessRow>(writeRows<AccessRow>(accessLog, 'write the access log'), { onError });
    // Its failures are not logged at warn: that would be a line about itself.
    const serverLines = createBatchWriter<ServerLine>(writeRows<ServerLine>(serverLog, "write the server's log lines"));
    app.decorate('gatewayLog', { access, serverLines });
    stream?.attach((line) => serverLines.push(line), processName);
    app.addHook('onClose', async () => {
      await access.close();
      await serverLines.close();
    });
    if (app.config.accessLog === false) return;

    // Callback hooks, not async ones: two promises a request less, on the path of every answer.
    const answered = new WeakMap<FastifyRequest, { code: number | null; bytes: number | null }>();
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/api/')) return done(null, payload);
      let code: number | null = null;
      let bytes: number | null = null;
      if (typeof payload === 'string') {
        bytes = Buffer.byteLength(payload);
        const m = ENVELOPE_CODE.exec(payload);
        if (m) code = Number(m[1]);
      } else if (Buffer.isBuffer(payload)) bytes = payload.length;
      else {
        const length = Number(reply.getHeader('content-length'));
        if (Number.isFinite(length)) bytes = length;
      }
      answered.set(request, { code, bytes });
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const sent = answered.get(request);
      const query = request.url.indexOf('?');
      access.push({
        at: new Date(),
        process: processName,
        realm: realmOf(request),
        callerCompanyId: request.auth?.companyId ?? null,
        adminId: request.auth?.adminId ?? null,
        operatorId: request.operator?.operatorId ?? null,
        method: cut(request.method, 10),
        route: cut(request.routeOptions.url ?? '', 200),
        path: cut(query < 0 ? request.url : request.url.slice(0, query), 500),
        status: reply.statusCode,
        code: sent?.code ?? null,
        latencyMs: Math.round(reply.elapsedTime * 100) / 100,
        bytes: sent?.bytes ?? null,
        ip: cut(request.ip, 64),
        requestId: cut(String(request.id), 64),
        userAgent: cut(String(request.headers['user-agent'] ?? ''), 300),
      });
      done();
    });
  },
  { name: 'gateway-log' },
);
