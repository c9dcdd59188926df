/** Leave-a-message to customer service. */
import { defineArea } from '../../core/area.ts';
import { supportRoutes } from './routes.ts';

export const supportArea = defineArea('support', async (app) => {
  await app.register(supportRoutes);
});
