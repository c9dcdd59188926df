/** 内容管理 (issue 28): articles (articles/), their rich text sanitised by an allow-list (sanitize.ts). */
import { defineArea } from '../../core/area.ts';
import { articleRoutes } from './articles/routes.ts';

export const contentArea = defineArea('content', async (app) => {
  await app.register(articleRoutes);
});
