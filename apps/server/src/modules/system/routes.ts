import { API, Code, ZEnvelope, ZHealth, ZReady } from '@flexpay/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { expectedMigrations, migrationStatus } from '../../db/client.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../db/connection-errors.ts';
import { route } from '../../plugins/route.ts';

/** Liveness and readiness for load balancers and orchestrators. */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.system.health,
    access: 'public',
    schema: { tags: ['system'], summary: '存活检查', data: ZHealth },
    handler: () => ({ ok: true as const, uptimeSeconds: Math.round(process.uptime()) }),
  });

  app.get(
    API.system.ready,
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: '就绪检查：数据库可用且迁移已全部执行',
        response: { 200: ZEnvelope(ZReady), 503: ZEnvelope(ZReady) },
      },
    },
    async (request, reply) => {
      let migrations: { applied: number; expected: number };
      try {
        await app.db.execute(sql`select 1`);
        migrations = await migrationStatus(app.db);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        // Away (restarting, unreachable): not ready until it answers again; none of its
        // migrations can be counted as applied meanwhile.
        request.log.warn({ err }, 'ready: database unavailable');
        const data = { ok: false, database: app.dbKind, migrations: { applied: 0, expected: expectedMigrations() } };
        return reply.status(503).send({ status: Code.UNAVAILABLE, message: DATABASE_UNAVAILABLE_MESSAGE, data });
      }
      const ok = migrations.applied >= migrations.expected;
      const data = { ok, database: app.dbKind, migrations };
      if (!ok) return reply.status(503).send({ status: Code.UNAVAILABLE, message: '数据库迁移未完成', data });
      return { status: Code.OK, data };
    },
  );
};
