import { hostname } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { copyInBytes } from '../db/copy.ts';
import { copyInstant, copyRow } from '../db/copy-text.ts';
import { insertByColumns } from '../db/insert-columns.ts';
import { asPlatform } from '../db/scope.ts';
import { accessLog, serverLog } from '../db/schema/index.ts';
import { createBatchWriter, type BatchWriter } from '../lib/batch-writer.ts';

type ServerLine = typeof serverLog.$inferInsert;

/**
 * The access log's columns, in the order of each row's fields (`accessRow`): a row waits as one
 * line of COPY's text format, and a batch is written by one COPY.
 */
const ACCESS_COLUMNS = [
  accessLog.at,
  accessLog.process,
  accessLog.realm,
  accessLog.callerCompanyId,
  accessLog.adminId,
  accessLog.operatorId,
  accessLog.method,
  accessLog.route,
  accessLog.path,
  accessLog.status,
  accessLog.code,
  accessLog.latencyMs,
  accessLog.bytes,
  accessLog.ip,
  accessLog.requestId,
  accessLog.userAgent,
] as const;
const ACCESS_TARGET = `access_log (${ACCESS_COLUMNS.map((c) => `"${c.name}"`).join(', ')})`;

declare module 'fastify' {
  interface FastifyRequest {
    /** The envelope's business code of the answer, read when it is sent (网关日志). */
    envelopeCode: number | null;
  }
  interface FastifyInstance {
    /**
     * 网关日志's writers (issue 41): rows waiting, and a flush for tests and shutdown. An access
     * row waits as its line of COPY text (ACCESS_COLUMNS).
     */
    gatewayLog: { access: BatchWriter<string>; serverLines: BatchWriter<ServerLine> };
  }
}

const ENVELOPE_HEAD = '{"status":';

/**
 * The envelope's business code at the head of a JSON answer (`{"status":40001,…`), read digit by
 * digit: no regular expression over an answer of many kilobytes on every request.
 */
export function envelopeCodeOf(payload: string): number | null {
  if (!payload.startsWith(ENVELOPE_HEAD)) return null;
  let i = ENVELOPE_HEAD.length;
  const negative = payload.charCodeAt(i) === 45; // '-'
  if (negative) i += 1;
  let code = 0;
  const first = i;
  for (; i < payload.length && i - first < 9; i += 1) {
    const digit = payload.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) break;
    code = code * 10 + digit;
  }
  const next = payload.charCodeAt(i);
  if (i === first || (next !== 44 && next !== 125)) return null; // ',' or '}'
  return negative ? -code : code;
}

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
    const onError = (err: unknown) => app.log.warn({ err }, 'gateway log not written yet (kept for the next try)');
    const access = createBatchWriter<string>(
      (lines) =>
        asPlatform('write the access log', () =>
          app.db.transaction((tx) => copyInBytes(tx, ACCESS_TARGET, '', Buffer.from(lines.join('')))),
        ),
      { onError },
    );
    // Its failures are not logged at warn: that would be a line about itself.
    const serverLines = createBatchWriter<ServerLine>((rows) =>
      asPlatform("write the server's log lines", async () => {
        await app.db.execute(insertByColumns(serverLog, rows));
      }),
    );
    app.decorate('gatewayLog', { access, serverLines });
    stream?.attach((line) => serverLines.push(line), processName);
    app.addHook('onClose', async () => {
      await access.close();
      await serverLines.close();
    });
    if (app.config.accessLog === false) return;

    // Callback hooks, not async ones: two promises a request less, on the path of every answer.
    // The envelope's code is read before the answer is compressed; its size is the body's as sent
    // (Content-Length, after compression; none for a stream).
    // A property of the request, not a WeakMap: thousands of short-lived weak keys a second cost
    // the garbage collector more than the lookups save.
    app.decorateRequest('envelopeCode', null);
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (typeof payload === 'string' && request.url.startsWith('/api/'))
        request.envelopeCode = envelopeCodeOf(payload);
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (!request.url.startsWith('/api/')) return done();
      const query = request.url.indexOf('?');
      const length = reply.getHeader('content-length');
      const bytes = length === undefined ? null : Number(length);
      access.push(
        copyRow([
          copyInstant(Date.now()),
          processName,
          realmOf(request),
          request.auth?.companyId ?? null,
          request.auth?.adminId ?? null,
          request.operator?.operatorId ?? null,
          cut(request.method, 10),
          cut(request.routeOptions.url ?? '', 200),
          cut(query < 0 ? request.url : request.url.slice(0, query), 500),
          reply.statusCode,
          request.envelopeCode,
          Math.round(reply.elapsedTime * 100) / 100,
          bytes !== null && Number.isSafeInteger(bytes) && bytes >= 0 && bytes <= 2 ** 31 - 1 ? bytes : null,
          cut(request.ip, 64),
          cut(String(request.id), 64),
          cut(String(request.headers['user-agent'] ?? ''), 300),
        ]),
      );
      done();
    });
  },
  { name: 'gateway-log' },
);
