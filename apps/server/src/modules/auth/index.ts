/** 登录与会话: sign-in, tokens, company switch, logout, and the check of every admin's token. */
import { randomUUID } from 'node:crypto';
import { defineArea } from '../../core/area.ts';
import { authRoutes } from './routes.ts';
import { createSessionCache } from './session-cache.ts';

/** Where a process tells the others to forget their remembered sessions (ADR 0007). */
const SESSIONS_CHANGED = 'fp_sessions_changed';

export const authArea = defineArea('auth', async (app) => {
  const ttl = app.config.sessionCacheSeconds;
  // This process's name in its notifications: it has cleared its own cache already when it
  // sends one, and must not clear it again when its own arrives (after a later read stored).
  const self = randomUUID();
  const cache = createSessionCache(ttl, {
    broadcast: () => app.notifications.notify(SESSIONS_CHANGED, self),
  });
  app.ctx.registry.authenticators.session = cache;
  if (ttl > 0) {
    // Nothing is remembered until the other processes' changes are heard.
    cache.setLive(false);
    const stop = await app.notifications.listen(SESSIONS_CHANGED, {
      onMessage: (sender) => {
        if (sender !== self) cache.clear();
      },
      onLive: (live) => cache.setLive(live),
    });
    app.addHook('onClose', async () => {
      await stop();
    });
  }
  await app.register(authRoutes);
});
