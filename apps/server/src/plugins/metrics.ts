import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { GaugeSource } from '../core/metrics.ts';
import { asPlatform } from '../db/scope.ts';
import { RecentRequests } from '../lib/recent-requests.ts';

/** This process's database pool (node-postgres), as pg.Pool counts it. */
export interface PoolStats {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the request is left out of the request metrics (the scrape itself). */
    metrics?: boolean;
  }
  interface FastifyInstance {
    metrics: {
      /** The last minute of requests, for the heartbeat. */
      recent: RecentRequests;
      /** The database pool of this process; undefined on PGlite (one connection, no pool). */
      pool: PoolStats | undefined;
      /** The port /metrics listens on of its own (METRICS_PORT; 0 picks one), once ready. */
      port: number | undefined;
    };
  }
}

export const METRICS_PATH = '/metrics';

/** Request durations, in seconds: from a cached read to a long export's start. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether an Authorization header carries the metrics token (`Bearer <token>`). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return !!match?.[1] && sameSecret(match[1], token);
}

/**
 * /metrics in the Prometheus text format (prom-client): requests by route pattern, method and
 * status with their durations, the process's own figures (event loop, heap, RSS, handles), the
 * database pool, the job queues by state, and every gauge an area registered
 * (`registry.gauges`: open payouts, chat streams, ...), read at scrape time in the platform's
 * database scope.
 *
 * Served on its own port when METRICS_PORT is set (for a network the public cannot reach), else on
 * the main port behind METRICS_TOKEN (`Authorization: Bearer <token>`); with neither, not at all.
 * With both, the own port asks for the token too. The last minute of requests is kept whatever
 * the setting: the heartbeat reports it (modules/monitor).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { pool }: { pool?: PoolStats | undefined }) => {
    const recent = new RecentRequests();
    const metrics: FastifyInstance['metrics'] = { recent, pool, port: undefined };
    app.decorate('metrics', metrics);
    const { metricsPort, metricsToken } = app.config;
    const served = metricsPort !== undefined || metricsToken !== undefined;

    const register = served ? new Registry() : undefined;
    const duration =
      register &&
      new Histogram({
        name: 'http_request_duration_seconds',
        help: 'Duration of answered HTTP requests, by method, route pattern and status',
        labelNames: ['method', 'route', 'status'],
        buckets: DURATION_BUCKETS,
        registers: [register],
      });

    // Each series' child, by a key of our own: prom-client checks and hashes a labels object on
    // every observation; the series are few (route patterns × methods × statuses).
    const series = new Map<string, { observe(seconds: number): void }>();
    const seriesOf = (method: string, route: string, status: number) => {
      const key = `${status} ${method} ${route}`;
      let child = series.get(key);
      if (!child && duration) {
        child = duration.labels({ method, route, status: String(status) });
        series.set(key, child);
      }
      return child;
    };

    app.addHook('onResponse', (request, reply, done) => {
      // A getter that builds its object on each read: read once.
      const route = request.routeOptions;
      if (route.config?.metrics === false) return done();
      const ms = reply.elapsedTime;
      recent.record(Date.now(), ms, reply.statusCode);
      // A path no route matched is one label, not one per path a scanner tries.
      if (duration) seriesOf(request.method, route.url ?? '(unmatched)', reply.statusCode)?.observe(ms / 1000);
      done();
    });

    // Where the metrics are not served, /metrics answers a plain 404 on the main port, not the web
    // app's page (whose fallback answers every other GET): a scraper sees that it is pointed wrong.
    const notHere = (message: string) =>
      app.get(METRICS_PATH, { config: { metrics: false } }, async (_request, reply) =>
        reply.code(404).type('text/plain; charset=utf-8').send(message),
      );
    if (!register) {
      notHere('监控指标未开启：请设置 METRICS_TOKEN 或 METRICS_PORT\n');
      return;
    }
    collectDefaultMetrics({ register });

    const gauge = (name: string, source: GaugeSource) =>
      new Gauge({
        name,
        help: source.help,
        labelNames: [...(source.labelNames ?? [])],
        registers: [register],
        async collect() {
          const value = await source.read();
          this.reset();
          if (typeof value === 'number') this.set(value);
          else for (const s of value) this.set(s.labels ?? {}, s.value);
        },
      });

    const { gauges } = app.ctx.registry;
    if (pool) {
      gauges.add('flexpay_db_pool_connections', {
        help: "This process's PostgreSQL pool: connections open, in use, idle",
        labelNames: ['state'],
        read: () => [
          { labels: { state: 'total' }, value: pool.totalCount },
          { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
          { labels: { state: 'idle' }, value: pool.idleCount },
        ],
      });
      gauges.add('flexpay_db_pool_waiting', {
        help: 'Queries waiting for a connection of the pool',
        read: () => pool.waitingCount,
      });
    } else {
      gauges.add('flexpay_db_pool_connections', {
        help: 'The embedded database (PGlite): one connection',
        labelNames: ['state'],
        read: () => [{ labels: { state: 'total' }, value: 1 }],
      });
    }
    gauges.add('flexpay_job_queue_jobs', {
      help: 'Jobs in each pg-boss queue, by state (pgboss.job)',
      labelNames: ['queue', 'state'],
      read: async () =>
        (await app.jobs.depths()).map((d) => ({ labels: { queue: d.queue, state: d.state }, value: d.count })),
    });

    // The areas have registered theirs by now.
    app.addHook('onReady', async () => {
      for (const name of gauges.keys()) gauge(name, gauges.require(name));
    });

    const scrape = () => asPlatform('metrics', () => register.metrics());

    if (metricsPort === undefined) {
      const token = metricsToken ?? '';
      app.get(METRICS_PATH, { config: { metrics: false } }, async (request, reply) => {
        if (!hasMetricsToken(request.headers.authorization, token)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .type('text/plain; charset=utf-8')
            .send('需要监控令牌\n');
        }
        return reply.type(register.contentType).send(await scrape());
      });
      return;
    }

    notHere('监控指标在其专用端口提供（METRICS_PORT）\n');
    // Its own port: nothing else is served there.
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== METRICS_PATH) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
        return;
      }
      if (metricsToken !== undefined && !hasMetricsToken(req.headers.authorization, metricsToken)) {
        res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' });
        res.end('需要监控令牌\n');
        return;
      }
      try {
        const body = await scrape();
        res.writeHead(200, { 'content-type': register.contentType }).end(body);
      } catch (err) {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('scrape failed\n');
      }
    };
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => void handle(req, res));
      await new Promise<void>((resolve, reject) => {
        server?.once('error', reject);
        server?.listen(metricsPort, app.config.host, () => resolve());
      });
      const address = server.address();
      metrics.port = typeof address === 'object' && address ? address.port : metricsPort;
      app.log.info({ port: metrics.port }, 'metrics listening');
    });
    app.addHook('onClose', async () => {
      if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['jobs'] },
);
