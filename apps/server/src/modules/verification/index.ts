/** Image captchas and the check of a code (sendSms is the auth area's). */
import { defineArea } from '../../core/area.ts';
import { verificationRoutes } from './routes.ts';

export const verificationArea = defineArea('verification', async (app) => {
  await app.register(verificationRoutes);
});
