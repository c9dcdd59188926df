import type { Tx } from '../db/client.ts';

export type ApprovalOutcome = 'approved' | 'rejected';

/**
 * What the owner of an approval type does when an approval of it ends, inside the transaction of
 * the deciding step (a batch goes to 待支付 or back, a top-up to the operator's queue or 已驳回).
 * Registered by the owner's area plugin in `registry.approvalOutcomes`.
 */
export type ApprovalOutcomeHandler = (
  tx: Tx,
  request: { id: number; subject: { kind: string; id: string } },
  outcome: ApprovalOutcome,
  comment: string,
) => Promise<void>;
