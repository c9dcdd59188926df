import { API } from '@flexpay/contract';
import { z } from 'zod';
import { defineArea } from '../../core/area.ts';
import type { SandboxSigningProvider } from './provider.ts';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox signing provider's area: the link its SMS gives (`/api/sandbox/signing/:token?code=`)
 * signs when followed with the code, as the signer would on a real provider's page; the app hears
 * of it through the provider's listeners. Registered only when signing goes to the sandbox.
 */
export const signingSandboxArea = defineArea('signing-sandbox', async (app) => {
  const provider = app.ctx.signingProvider as SandboxSigningProvider;
  app.get(
    API.sandbox.signing,
    {
      config: { access: 'public' },
      schema: {
        // The outside provider's page, not our API: no envelope, so not in the OpenAPI document.
        hide: true,
        tags: ['sandbox'],
        summary: '沙箱电子签约链接（带验证码访问即签署）',
        params: z.object({ token: z.string().max(64) }),
        querystring: z.object({ code: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const { code } = request.query as { code?: string };
      if (!code) {
        return reply.type('text/html; charset=utf-8').code(400).send(page('签署失败', '请使用短信中的验证码签署'));
      }
      const outcome = await provider.follow(token, code);
      if (!outcome.ok)
        return reply
          .type('text/html; charset=utf-8')
          .code(400)
          .send(page('签署失败', escape(outcome.message)));
      return reply
        .type('text/html; charset=utf-8')
        .send(page('签署完成', `您已签署《${escape(outcome.title)}》，可以关闭本页面。`));
    },
  );
});
