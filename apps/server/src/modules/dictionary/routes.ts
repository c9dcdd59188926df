import { asPlatform, inCompany } from '../../db/scope.ts';
import { API, DICTIONARIES, ZCustomCompanyInfoQuery, ZDemoAccount } from '@flexpay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../plugins/route.ts';
import { DEMO_LOGINS } from '../../lib/demo-logins.ts';
import { authenticate } from '../auth/service.ts';
import { getBrandingText } from '../company/service.ts';

const ZDictItem = z.object({ value: z.string(), label: z.string() });
const dictionaryTypes = Object.keys(DICTIONARIES) as [keyof typeof DICTIONARIES, ...(keyof typeof DICTIONARIES)[]];

/** Data dictionaries, company branding and the demo accounts of the login page. */
export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, {
    method: 'GET',
    url: API.dictionary.branding,
    access: 'public',
    schema: {
      tags: ['dictionary'],
      summary: '企业定制信息（品牌）',
      description: '已登录时取当前会话的企业；未登录（登录页）时取 companyId 指定的企业。data 是 JSON 文本。',
      querystring: ZCustomCompanyInfoQuery,
      data: z.string().nullable(),
    },
    handler: async (auth, { query }) => {
      // The session's company wins over the query: a signed-in admin never reads another's branding by id.
      let companyId = auth?.companyId;
      if (!companyId && query.token) {
        const token = query.token;
        companyId = (await asPlatform('authenticate a session', () => authenticate(app.ctx, token)).catch(() => null))
          ?.companyId;
      }
      companyId ??= query.companyId;
      // The sign-in page reads a company's branding before anyone is signed in: that company's scope.
      const brandOf = companyId;
      return brandOf ? await inCompany(brandOf, () => getBrandingText(app.ctx, brandOf)) : null;
    },
  });

  route(app, {
    method: 'GET',
    url: API.dictionary.list,
    access: 'session',
    schema: {
      tags: ['dictionary'],
      summary: '数据字典',
      querystring: z.object({ type: z.enum(dictionaryTypes, { error: '字典类型不存在' }).optional() }),
      data: z.record(z.string(), z.array(ZDictItem)),
    },
    handler: (_auth, { query }) => (query.type ? { [query.type]: DICTIONARIES[query.type] } : DICTIONARIES),
  });

  route(app, {
    method: 'GET',
    url: API.dictionary.demoAccounts,
    access: 'public',
    schema: { tags: ['dictionary'], summary: '演示账号（仅演示模式）', data: z.array(ZDemoAccount) },
    handler: () => (app.config.demoMode ? DEMO_LOGINS.map((l) => ({ ...l })) : []),
  });
};
