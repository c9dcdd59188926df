/** 管理员管理: the company's admins. */
import { defineArea } from '../../core/area.ts';
import { adminRoutes } from './routes.ts';

export const adminArea = defineArea('admin', async (app) => {
  await app.register(adminRoutes);
});
