/** Dictionaries and options the screens share. */
import { defineArea } from '../../core/area.ts';
import { dictionaryRoutes } from './routes.ts';

export const dictionaryArea = defineArea('dictionary', async (app) => {
  await app.register(dictionaryRoutes);
});
