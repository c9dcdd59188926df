import { Code, DICTIONARIES, ZCustomCompanyInfoQuery, ZDemoAccount, ZEnvelope } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_LOGINS } from '../../seed/demo.ts';
import { authenticate } from '../auth/service.ts';
import { getBrandingText } from '../company/service.ts';

const ZDictItem = z.object({ value: z.string(), label: z.string() });
const dictionaryTypes = Object.keys(DICTIONARIES) as [keyof typeof DICTIONARIES, ...(keyof typeof DICTIONARIES)[]];

/** Data dictionaries, company branding and the demo accounts of the login page. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dataDictionary/getCustomCompanyInfo',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dictionary'],
        summary: '企业定制信息（品牌）',
        description: '已登录时取当前会话的企业；未登录（登录页）时取 companyId 指定的企业。data 是 JSON 文本。',
        querystring: ZCustomCompanyInfoQuery,
        response: { 200: ZEnvelope(z.string().nullable()) },
      },
    },
    async (request) => {
      // The session's company wins over the query: a signed-in admin never reads another's branding by id.
      let companyId = request.auth?.companyId;
      if (!companyId && request.query.token) {
        companyId = (await authenticate(app.ctx, request.query.token).catch(() => null))?.companyId;
      }
      companyId ??= request.query.companyId;
      return { status: Code.OK, data: companyId ? await getBrandingText(app.ctx, companyId) : null };
    },
  );

  app.get(
    '/api/admin/dataDictionary/list',
    {
      config: { access: 'session' },
      schema: {
        tags: ['dictionary'],
        summary: '数据字典',
        querystring: z.object({ type: z.enum(dictionaryTypes, { error: '字典类型不存在' }).optional() }),
        response: { 200: ZEnvelope(z.record(z.string(), z.array(ZDictItem))) },
      },
    },
    async (request) => {
      const type = request.query.type;
      return { status: Code.OK, data: type ? { [type]: DICTIONARIES[type] } : DICTIONARIES };
    },
  );

  app.get(
    '/api/admin/dataDictionary/demoAccounts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['dictionary'],
        summary: '演示账号（仅演示模式）',
        response: { 200: ZEnvelope(z.array(ZDemoAccount)) },
      },
    },
    async () => ({ status: Code.OK, data: app.config.demoMode ? DEMO_LOGINS.map((l) => ({ ...l })) : [] }),
  );
};
