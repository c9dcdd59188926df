import { API, ZCaptcha, ZValidateCodeBody } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { checkCode, createImageCaptcha } from './service.ts';

/** Spec section 7: image captcha and code validation (sendSms is the auth area's: it needs the admin). */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.verification.captcha,
    access: 'public',
    schema: { tags: ['verification'], summary: '图形验证码', data: ZCaptcha },
    handler: (_auth, { request }) => createImageCaptcha(app.ctx, request.ip),
  });

  route(app, {
    method: 'POST',
    url: API.verification.validateCode,
    access: 'public',
    audit: false,
    schema: {
      tags: ['verification'],
      summary: '校验验证码（不消耗）',
      body: ZValidateCodeBody,
      data: z.object({ valid: z.boolean() }),
    },
    handler: async (_auth, { body }) => {
      const { token, code } = body;
      const valid = await app.db.transaction(async (tx) => {
        for (const purpose of ['captcha', 'login', 'verify', 'mobile_old', 'mobile_new']) {
          const r = await checkCode(app.ctx, tx, { token, code, purpose, consume: false });
          if (r.result !== 'missing') return r.result === 'ok';
        }
        return false;
      });
      return { valid };
    },
  });
};
