import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/connection-errors.ts';
import { asPlatform } from '../db/scope.ts';
import { createPgBossQueue, executorForClient, type JobQueue } from '../lib/job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs: modules register handlers while the app is built, and send jobs later. */
    jobs: JobQueue;
  }
}

/**
 * Background jobs on pg-boss, in the app's own database (PGlite or PostgreSQL), on the
 * connecting role's client (`Database.jobsClient`: pg-boss's schema is that role's). Each
 * handler runs in a database scope (db/scope.ts): the platform's, for the job's name, unless
 * it narrows to the company of what it works on. The queue starts when the app is ready, after every module has
 * registered its handlers, and stops when the app closes: running jobs may finish first.
 *
 * Handlers (like every service) must query through the transaction inside
 * `db.transaction(...)`, never through `ctx.db`: PGlite has one connection, so such a query
 * waits for the transaction and the transaction for it, and the whole app stops. For the same
 * reason a long transaction on PGlite holds every other request until it commits.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, { client }: { client: unknown }) => {
    const jobs = createPgBossQueue(
      executorForClient(client),
      app.log,
      (queue, run) => asPlatform(`job ${queue}`, run),
      // A job that ends while PostgreSQL restarts is marked done once it is back.
      { transient: isDatabaseUnavailable },
    );
    app.decorate('jobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.start();
    });
    app.addHook('onClose', async () => {
      await jobs.stop();
    });
  },
  { name: 'jobs' },
);
