/**
 * 首页 (issue 28): the figures an admin looks at first, each asked of the area that owns the
 * fact, and each only where the admin's roles grant the element behind it. Every figure reads an
 * index range bounded by what is open now (balances per account, pending requests, batches to
 * pay, this month's kept payout totals, the latest audit rows), never the company's whole history.
 */
import type { THomeSummary } from '@flexpay/contract';
import type { AuthContext } from '../../core/auth.ts';
import type { ServiceContext } from '../../core/context.ts';
import { chinaMonthOf } from '../../lib/china-time.ts';
import { countPendingForMe } from '../approval/service.ts';
import { listRecentActivity } from '../audit-log/service.ts';
import { listCurrentAdverts } from '../content/adverts/service.ts';
import { listLatestArticles } from '../content/articles/service.ts';
import { listEnabledHomeModules } from '../content/home-modules/service.ts';
import { listInvoiceable } from '../invoice/applications/service.ts';
import { getCompanyBalances } from '../money/service.ts';
import { paidMonths } from '../payroll/batches/paid-figures.ts';
import { sumBatchesToPay } from '../payroll/batches/service.ts';
import { countQueues } from '../task/assignments/service.ts';

/** How many audit rows 最近动态 shows. */
export const RECENT_ACTIVITY_LIMIT = 8;

/** Runs `read` when the admin holds `element`, else answers null (the figure is not shown). */
function when<T>(auth: AuthContext, element: string, read: () => Promise<T>): Promise<T | null> {
  return auth.elements.has(element) ? read() : Promise.resolve(null);
}

export async function getHomeSummary(ctx: ServiceContext, auth: AuthContext): Promise<THomeSummary> {
  const { companyId, adminId } = auth;
  const month = chinaMonthOf(ctx.now());
  const [balances, paidThisMonth, approvals, toPay, reviews, activity, invoiceable, articles, modules, adverts] =
    await Promise.all([
      when(auth, 'money:view', async () =>
        (await getCompanyBalances(ctx, companyId)).map((b) => ({
          serviceCompanyId: b.serviceCompanyId,
          serviceCompanyName: b.serviceCompanyName,
          availableFen: b.availableFen,
        })),
      ),
      when(auth, 'payroll:view', async () => {
        const [kept] = await paidMonths(ctx.db, companyId, month.month, month.month);
        return { amountFen: kept?.debitFen ?? 0, count: kept?.items ?? 0 };
      }),
      when(auth, 'payroll:approve', async () => ({
        count: await countPendingForMe(ctx.db, companyId, adminId, 'payroll'),
      })),
      when(auth, 'payroll:pay', () => sumBatchesToPay(ctx.db, companyId)),
      when(auth, 'task:review', async () => ({ count: (await countQueues(ctx, auth)).review })),
      when(auth, 'money:log', () => listRecentActivity(ctx, companyId, RECENT_ACTIVITY_LIMIT)),
      when(auth, 'invoice:view', async () => ({
        amountFen: (await listInvoiceable(ctx, auth)).reduce((sum, r) => sum + r.invoiceableFen, 0),
      })),
      when(auth, 'content:view', () => listLatestArticles(ctx, companyId)),
      // The home page's own content: every admin of the company sees it.
      listEnabledHomeModules(ctx, companyId),
      listCurrentAdverts(ctx, companyId),
    ]);
  return { balances, paidThisMonth, approvals, toPay, reviews, activity, invoiceable, articles, modules, adverts };
}
