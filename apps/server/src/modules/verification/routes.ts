import { Code, ZCaptcha, ZEnvelope, ZSendSmsBody, ZSendSmsResult, ZValidateCodeBody } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkCode, createImageCaptcha } from './service.ts';
import { sendSmsForPurpose } from './send-sms.ts';

/** Spec section 7: image captcha, SMS codes and code validation. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/vcc/code',
    {
      config: { access: 'public' },
      schema: { tags: ['verification'], summary: '图形验证码', response: { 200: ZEnvelope(ZCaptcha) } },
    },
    async (request) => ({ status: Code.OK, data: await createImageCaptcha(app.ctx, request.ip) }),
  );

  app.post(
    '/api/admin/vcc/sendSms',
    {
      config: { access: 'public', audit: 'verification.sendSms' },
      schema: {
        tags: ['verification'],
        summary: '发送短信验证码',
        body: ZSendSmsBody,
        response: { 200: ZEnvelope(ZSendSmsResult) },
      },
    },
    async (request) => ({
      status: Code.OK,
      data: await sendSmsForPurpose(app.ctx, request.auth, request.body, request.ip),
    }),
  );

  app.post(
    '/api/admin/vcc/validateCode',
    {
      config: { access: 'public', audit: false },
      schema: {
        tags: ['verification'],
        summary: '校验验证码（不消耗）',
        body: ZValidateCodeBody,
        response: { 200: ZEnvelope(z.object({ valid: z.boolean() })) },
      },
    },
    async (request) => {
      const { token, code } = request.body;
      const valid = await app.db.transaction(async (tx) => {
        for (const purpose of ['captcha', 'login', 'verify', 'mobile_old', 'mobile_new']) {
          const r = await checkCode(app.ctx, tx, { token, code, purpose, consume: false });
          if (r.result !== 'missing') return r.result === 'ok';
        }
        return false;
      });
      return { status: Code.OK, data: { valid } };
    },
  );
};
