import {
  API,
  ZBalance,
  ZIdParams,
  ZExportJob,
  ZLedgerEntry,
  ZLedgerEntryFilters,
  ZLedgerEntryQuery,
  ZPage,
  ZPaymentAccount,
  ZPaymentAccountBody,
  ZTopup,
  ZTopupBody,
  ZTopupDetail,
  ZTopupQuery,
} from '@flexpay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { idempotent } from '../../plugins/idempotency.ts';
import { route } from '../../plugins/route.ts';
import { requestEntriesExport } from './entries-export.ts';
import {
  createPaymentAccount,
  createTopup,
  deletePaymentAccount,
  getCompanyBalances,
  getTopupDetail,
  listCompanyEntries,
  listPaymentAccounts,
  listTopups,
  setDefaultPaymentAccount,
  updatePaymentAccount,
  withdrawTopup,
} from './service.ts';

/** 资金管理, the company side: balances, 资金明细, top-ups and payment accounts. */
export const moneyRoutes: FastifyPluginAsync = async (app) => {
  route(app, {
    method: 'GET',
    url: API.money.balance,
    access: 'money:view',
    schema: {
      tags: ['money'],
      summary: '资金账户余额',
      description: '每个签约服务商一项：可用余额与冻结金额（分），来自账本。',
      data: z.array(ZBalance),
    },
    handler: (auth) => getCompanyBalances(app.ctx, auth.companyId),
  });

  route(app, {
    method: 'GET',
    url: API.money.entries,
    access: 'money:view',
    schema: {
      tags: ['money'],
      summary: '资金明细',
      description: '本企业的账本分录，最新在前：金额（分，正为入账、负为出账）、分录后余额、类型与来源。',
      querystring: ZLedgerEntryQuery,
      data: ZPage(ZLedgerEntry),
    },
    handler: (auth, { query }) => listCompanyEntries(app.ctx, auth.companyId, query),
  });

  route(app, {
    method: 'POST',
    url: API.money.entriesExport,
    access: 'money:view',
    audit: 'money.entries.export',
    schema: {
      tags: ['money'],
      summary: '导出资金明细（到下载中心）',
      body: ZLedgerEntryFilters,
      data: ZExportJob,
    },
    targetOfResult: (job) => `export:${job.id}`,
    handler: (auth, { body }) => requestEntriesExport(app.ctx, app.jobs, auth, body),
  });

  route(app, {
    method: 'GET',
    url: API.money.topupPage,
    access: 'money:view',
    schema: { tags: ['money'], summary: '充值记录', querystring: ZTopupQuery, data: ZPage(ZTopup) },
    handler: (auth, { query }) => listTopups(app.db, { ...query, companyId: auth.companyId }),
  });

  route(app, {
    method: 'GET',
    url: API.money.topupOne,
    access: 'money:view',
    schema: {
      tags: ['money'],
      summary: '充值详情',
      description: '充值、提交人、公司内部审批（步骤与记录，无需审批时为 null）与当前管理员能否撤回。',
      params: ZIdParams,
      data: ZTopupDetail,
    },
    handler: (auth, { params }) => getTopupDetail(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.money.topupWithdraw,
    access: 'money:view',
    audit: 'money.topup.withdraw',
    schema: {
      tags: ['money'],
      summary: '撤回充值',
      description: `撤回审批中或待确认的充值（已撤回）：进行中的审批随之结束，充值离开平台的确认队列；不动资金。限提交人或拥有“账户充值”权限的管理员；平台已确认或驳回的答 40900。`,
      params: ZIdParams,
      data: ZTopupDetail,
    },
    message: '充值已撤回',
    target: ({ params }) => `topup:${params.id}`,
    handler: (auth, { params }) => withdrawTopup(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'POST',
    url: API.money.topupCreate,
    idempotent: true,
    access: 'money:topup',
    audit: 'money.topup.create',
    schema: {
      tags: ['money'],
      summary: '账户充值',
      description: `登记一笔已转账的充值（待确认；公司设有充值审批流程且金额达到门槛时先审批中），由平台运营核对凭证后确认到账或驳回。`,
      body: ZTopupBody,
      data: ZTopup,
    },
    message: (t) => (t.status === 'approving' ? '充值已提交，待公司内部审批' : '充值已提交，待平台确认到账'),
    targetOfResult: (t) => `topup:${t.id}`,
    handler: (auth, { body, request }) =>
      idempotent(app.db, request, `company:${auth.companyId}`, (tx) => createTopup(app.ctx, tx, auth, body)),
  });

  route(app, {
    method: 'GET',
    url: API.money.paymentAccounts,
    access: 'money:view',
    schema: { tags: ['money'], summary: '付款账户列表', data: z.array(ZPaymentAccount) },
    handler: (auth) => listPaymentAccounts(app.ctx, auth),
  });

  route(app, {
    method: 'POST',
    url: API.money.paymentAccountCreate,
    access: 'money:account',
    audit: 'money.account.create',
    schema: {
      tags: ['money'],
      summary: '添加付款账户',
      description: '账户名称须与企业名称一致；银行账号 8–30 位数字。第一个账户自动成为默认账户。',
      body: ZPaymentAccountBody,
      data: ZPaymentAccount,
    },
    message: '付款账户已添加',
    targetOfResult: (a) => `paymentAccount:${a.id}`,
    handler: (auth, { body }) => createPaymentAccount(app.ctx, auth, body),
  });

  route(app, {
    method: 'PUT',
    url: API.money.paymentAccountOne,
    access: 'money:account',
    audit: 'money.account.update',
    schema: {
      tags: ['money'],
      summary: '编辑付款账户',
      params: ZIdParams,
      body: ZPaymentAccountBody,
      data: ZPaymentAccount,
    },
    message: '付款账户已保存',
    target: ({ params }) => `paymentAccount:${params.id}`,
    handler: (auth, { params, body }) => updatePaymentAccount(app.ctx, auth, params.id, body),
  });

  route(app, {
    method: 'PUT',
    url: API.money.paymentAccountDefault,
    access: 'money:account',
    audit: 'money.account.default',
    schema: { tags: ['money'], summary: '设为默认付款账户', params: ZIdParams, data: ZPaymentAccount },
    message: '已设为默认付款账户',
    target: ({ params }) => `paymentAccount:${params.id}`,
    handler: (auth, { params }) => setDefaultPaymentAccount(app.ctx, auth, params.id),
  });

  route(app, {
    method: 'DELETE',
    url: API.money.paymentAccountOne,
    access: 'money:account',
    audit: 'money.account.delete',
    schema: {
      tags: ['money'],
      summary: '删除付款账户',
      description: '删除默认账户时，最早添加的另一个账户成为默认账户。',
      params: ZIdParams,
      data: z.null(),
    },
    message: '付款账户已删除',
    target: ({ params }) => `paymentAccount:${params.id}`,
    handler: (auth, { params }) => deletePaymentAccount(app.ctx, auth, params.id),
  });
};
