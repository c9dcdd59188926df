/**
 * 内容管理 (issue 28): articles (articles/), home modules (home-modules/) and adverts (adverts/);
 * rich text sanitised by an allow-list (sanitize.ts), images checked against the file store
 * (images.ts).
 */
import { defineArea } from '../../core/area.ts';
import { advertRoutes } from './adverts/routes.ts';
import { articleRoutes } from './articles/routes.ts';
import { homeModuleRoutes } from './home-modules/routes.ts';

export const contentArea = defineArea('content', async (app) => {
  await app.register(articleRoutes);
  await app.register(homeModuleRoutes);
  await app.register(advertRoutes);
});
