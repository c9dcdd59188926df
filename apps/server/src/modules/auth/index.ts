/** 登录与会话: sign-in, tokens, company switch, logout, and the check of every admin's token. */
import { defineArea } from '../../core/area.ts';
import { authRoutes } from './routes.ts';
import { createSessionCache } from './session-cache.ts';

/** Where a process tells the others to forget their remembered sessions (ADR 0007). */
const SESSIONS_CHANGED = 'fp_sessions_changed';

export const authArea = defineArea('auth', async (app) => {
  const ttl = app.config.sessionCacheSeconds;
  const cache = createSessionCache(ttl, {
    broadcast: () => app.notifications.notify(SESSIONS_CHANGED, ''),
  });
  app.ctx.registry.authenticators.session = cache;
  if (ttl > 0) {
    // Nothing is remembered until the other processes' changes are heard.
    cache.setLive(false);
    const stop = await app.notifications.listen(SESSIONS_CHANGED, {
      onMessage: () => cache.clear(),
      onLive: (live) => cache.setLive(live),
    });
    app.addHook('onClose', async () => {
      await stop();
    });
  }
  await app.register(authRoutes);
});
