import { z } from 'zod';
import { ADVERT_POSITIONS } from './content-rules.ts';

const ZCount = z.number().int().min(0);
const ZFen = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * 首页's figures (issue 28): one call. A figure the admin's roles do not grant is `null` (the web
 * leaves its card out); each names the element behind it in the route's description.
 */
export const ZHomeSummary = z.object({
  /** 可用余额 per service company (money:view). */
  balances: z
    .array(z.object({ serviceCompanyId: z.number().int(), serviceCompanyName: z.string(), availableFen: ZFen }))
    .nullable(),
  /** 本月已发放: the payouts settled this calendar month, China time (payroll:view). */
  paidThisMonth: z.object({ amountFen: ZFen, count: ZCount }).nullable(),
  /** 待我审批的发放 (payroll:approve). */
  approvals: z.object({ count: ZCount }).nullable(),
  /** 待支付的发放 (payroll:pay). */
  toPay: z.object({ count: ZCount, amountFen: ZFen }).nullable(),
  /** 待验收的成果 (task:review). */
  reviews: z.object({ count: ZCount }).nullable(),
  /** 可开票金额: the total over service companies (invoice:view). */
  invoiceable: z.object({ amountFen: ZFen }).nullable(),
  /** 首页模块: the company's enabled modules, in their order (every admin). */
  modules: z.array(z.object({ id: z.number().int(), title: z.string(), icon: z.string(), link: z.string() })),
  /** 广告: the company's enabled adverts whose days include today (China time), by position and order. */
  adverts: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      imageFileId: z.string(),
      link: z.string(),
      position: z.enum(ADVERT_POSITIONS),
    }),
  ),
  /** 最新文章: the company's latest published articles, newest first (content:view, which the reader page needs). */
  articles: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        summary: z.string(),
        publishedAt: z.string(),
      }),
    )
    .nullable(),
  /** 最近动态: the company's latest audit rows (money:log, 操作日志). */
  activity: z
    .array(
      z.object({
        id: z.number().int(),
        actionLabel: z.string(),
        adminName: z.string(),
        result: z.string(),
        createdAt: z.string(),
      }),
    )
    .nullable(),
});
export type THomeSummary = z.infer<typeof ZHomeSummary>;
