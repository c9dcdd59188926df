/** 角色管理: roles with their menus and element permissions. */
import { defineArea } from '../../core/area.ts';
import { roleRoutes } from './routes.ts';

export const roleArea = defineArea('role', async (app) => {
  await app.register(roleRoutes);
});
