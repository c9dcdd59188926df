/**
 * 系统监控 (issue 41): each process's heartbeat (a row every 10 s: memory, event loop, the last
 * minute's requests) and the operators' screen of every process, the job queues, open payouts and
 * the database (ops-routes.ts). /metrics itself is the metrics plugin's.
 */
import { readFileSync } from 'node:fs';
import { defineArea } from '../../core/area.ts';
import { asPlatform } from '../../db/scope.ts';
import { opsMonitorRoutes } from './ops-routes.ts';
import { beat, processName, type BeatSource } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes this process's heartbeat now (the timer does every HEARTBEAT interval; tests call it). */
    heartbeat(): Promise<void>;
  }
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export const monitorArea = defineArea(
  'monitor',
  async (app) => {
    const source: BeatSource = {
      name: processName(app.config.processName),
      version: VERSION,
      startedAt: new Date(),
      recent: app.metrics.recent,
    };
    const write = () => asPlatform('heartbeat', () => beat(app.ctx, source));
    app.decorate('heartbeat', write);

    const every = app.config.heartbeatMs;
    let timer: NodeJS.Timeout | undefined;
    let writing: Promise<void> | undefined;
    if (every) {
      const tick = () => {
        writing = write()
          .catch((err: unknown) => app.log.warn({ err }, 'heartbeat not written'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, every).unref();
          });
      };
      app.addHook('onReady', async () => {
        timer = setTimeout(tick, 0).unref();
      });
      // The last beat finishes before the database closes; none starts after.
      app.addHook('preClose', async () => {
        clearTimeout(timer);
        timer = undefined;
        await writing;
      });
    }
    await app.register(opsMonitorRoutes);
  },
  ['operator', 'payroll'],
);
