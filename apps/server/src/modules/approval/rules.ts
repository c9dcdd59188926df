/** The approval rules that need no database (DOMAIN section 6), for the service and unit tests. */

export interface FlowRule {
  enabled: boolean;
  thresholdFen: number;
}

/** Whether an amount needs approval under a company's flow: an enabled flow, from the threshold up. */
export function needsApproval(flow: FlowRule | undefined, amountFen: number): boolean {
  return !!flow && flow.enabled && amountFen >= flow.thresholdFen;
}

/**
 * Whether a step is passed, given its approvers and those who approved at it: any one of them,
 * or every one of them.
 */
export function stepPassed(step: { mode: 'any' | 'all'; approvers: readonly number[] }, approvedBy: readonly number[]) {
  const approved = new Set(approvedBy.filter((id) => step.approvers.includes(id)));
  return step.mode === 'any' ? approved.size > 0 : step.approvers.every((id) => approved.has(id));
}

/**
 * The approvers of a step when an approval starts: the role's members or the named admins who are
 * enabled admins of the company, without the starter (who never approves what they started).
 */
export function approversOf(
  step: { roleId: number | null; adminIds: readonly number[] },
  admins: readonly { id: number; enabled: boolean; roleIds: readonly number[] }[],
  starterId: number,
): number[] {
  return admins
    .filter((a) => a.enabled && a.id !== starterId)
    .filter((a) => (step.roleId !== null ? a.roleIds.includes(step.roleId) : step.adminIds.includes(a.id)))
    .map((a) => a.id)
    .sort((x, y) => x - y);
}
