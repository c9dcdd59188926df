/** 首页 (issue 28): the figures of the home page, read from the areas that own them. */
import { defineArea } from '../../core/area.ts';
import { homeRoutes } from './routes.ts';

// It reads the other areas through their services only: no registry of theirs, so no order.
export const homeArea = defineArea('home', async (app) => {
  await app.register(homeRoutes);
});
