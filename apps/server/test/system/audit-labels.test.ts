/**
 * Every audit action a route writes has its Chinese name, so 操作日志 and /ops 操作审计 never show
 * a code: the company's actions in AUDIT_ACTION_LABELS, the operator's (`ops.`) in
 * OPS_AUDIT_ACTION_LABELS. Read from the routes' sources, where `route({ audit: '…' })` names them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTION_LABELS, OPS_AUDIT_ACTION_LABELS } from '@flexpay/contract';
import { describe, expect, it } from 'vitest';

const modules = fileURLToPath(new URL('../../src/modules', import.meta.url));

function auditActions(): string[] {
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const actions = new Set<string>();
  for (const file of files) {
    for (const m of readFileSync(join(modules, file), 'utf8').matchAll(/\baudit: '([^']+)'/g)) actions.add(m[1]!);
  }
  return [...actions].sort();
}

describe('audit action names', () => {
  it('finds the routes’ actions', () => {
    expect(auditActions()).toEqual(expect.arrayContaining(['payroll.pay', 'ops.topup.confirm', 'task.create']));
  });

  it('names every action in Chinese', () => {
    const unnamed = auditActions().filter((a) =>
      a.startsWith('ops.') ? !OPS_AUDIT_ACTION_LABELS[a] : !AUDIT_ACTION_LABELS[a],
    );
    expect(unnamed).toEqual([]);
  });
});
