/** 个人设置: profile, password, mobile, authenticator, payment verification. */
import { defineArea } from '../../core/area.ts';
import { userRoutes } from './routes.ts';

export const userArea = defineArea('user', async (app) => {
  await app.register(userRoutes);
});
