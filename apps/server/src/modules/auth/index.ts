/** 登录与会话: sign-in, tokens, company switch, logout, and the check of every admin's token. */
import { defineArea } from '../../core/area.ts';
import { authRoutes } from './routes.ts';
import { createSessionCache } from './session-cache.ts';

export const authArea = defineArea('auth', async (app) => {
  app.ctx.registry.authenticators.session = createSessionCache(app.config.sessionCacheSeconds);
  await app.register(authRoutes);
});
