/**
 * Whether workers may be paid through a service company under the link's 仅向已实名认证并已签约的
 * 员工发放 (issue 43), before any batch is checked: what 任务确认 shows beside each worker. The
 * check (check.ts) applies the same rule (rules.ts eligibilityReasons) to a batch's items.
 */
import type { DbOrTx } from '../../../db/client.ts';
import { findEnabledLink, findRequiredAgreement } from '../../service-company/service.ts';
import { findPayees } from '../../worker/service.ts';
import { eligibilityReasons } from './rules.ts';

// ── For other modules ───────────────────────────────────────────────────────────────────────

/**
 * Why each of these workers would be refused by the check of a batch of the service company
 * (未实名认证, 实名认证失败, 未签署《…》…): an empty list when they may be paid, or when the
 * link does not ask it.
 */
export async function payBlockersOf(
  db: DbOrTx,
  companyId: number,
  serviceCompanyId: number,
  workerIds: readonly number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(workerIds.map((id) => [id, []]));
  if (!workerIds.length) return out;
  const link = await findEnabledLink(db, companyId, serviceCompanyId);
  if (!link?.payVerifiedOnly) return out;
  const agreement = await findRequiredAgreement(db, serviceCompanyId);
  const payees = await findPayees(
    db,
    companyId,
    'bank',
    { ids: [...new Set(workerIds)] },
    agreement ? serviceCompanyId : undefined,
  );
  for (const p of payees) {
    out.set(
      p.workerId,
      eligibilityReasons(p, agreement ? { title: agreement.title, version: agreement.version } : null),
    );
  }
  return out;
}
