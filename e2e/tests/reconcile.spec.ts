import { expect, test } from '../fixtures.ts';
import { openScreen, signInOps, useSession } from '../helpers.ts';

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);
/** Today in Beijing (the browser runs in Asia/Shanghai): the demo's partial batch was paid today. */
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * 对账 (issue 42 point 1, ADR 0030): the demo's sandbox statement shows one of today's payouts
 * with another amount. An operator reconciles today for 海南灵工 from /ops 对账; the company sees
 * the payout 对账中 in 支付中心; the operator resolves the difference in the browser, and the
 * company sees it paid again.
 */
test('对账: a difference found, shown 对账中 to the company, resolved in the browser', async ({
  page,
  consoleErrors,
}) => {
  await signInOps(page);
  await page.getByRole('menuitem', { name: /对账/ }).click();
  await expect(page).toHaveURL(/\/ops\/reconcile$/);

  // 立即对账: 海南灵工, today.
  const form = page.getByRole('form', { name: '立即对账' });
  await form.getByRole('combobox', { name: '服务商' }).click();
  // The option, not the list's cell of the same title (a day already reconciled: the hourly job's, the axe tier's).
  await page.locator('.ant-select-item-option', { hasText: '海南灵工服务有限公司' }).click();
  const dayInput = form.getByRole('textbox', { name: '对账日期' });
  await dayInput.click();
  await dayInput.fill(today());
  await dayInput.press('Enter');
  await form.getByRole('button', { name: btn('立即对账') }).click();
  // A retry of this test finds the day done: the same result, nothing changed.
  await expect(page.getByText(/对账完成，发现 1 笔差异|该日已对账，结果未改变/)).toBeVisible({ timeout: 30_000 });

  // The row of today by its first cells: every day reconciled today (the hourly job's past days
  // too) shows today's date in its 对账时间.
  const row = page.getByRole('row', { name: new RegExp(`^${today()} 海南灵工服务有限公司`) });
  await expect(row).toContainText('已对账');
  await expect(page.getByRole('alert').filter({ hasText: '对账告警' })).toContainText('笔对账差异待处理');
  await page.screenshot({ path: '../.tmp/e2e-output/ops-reconcile.png', fullPage: true });

  // The day's differences: the demo's 金额不符, its payout and payee.
  const ops = page.url();
  await row.getByRole('button', { name: /查看 .* 的差异/ }).click();
  const drawer = page.getByRole('dialog', { name: /海南灵工服务有限公司 对账/ });
  const difference = drawer.locator('tr.ant-table-row', { hasText: '金额不符' });
  await expect(difference).toContainText('待处理');
  const ref = (await difference.innerText()).match(/PO\d+-\d+/)?.[0] ?? '';
  const payee = (await difference.innerText()).match(/星河科技有限公司 · (\S+)/)?.[1] ?? '';
  expect(ref).not.toBe('');
  expect(payee).not.toBe('');
  await page.screenshot({ path: '../.tmp/e2e-output/ops-reconcile-day.png' });

  // The company sees the held payout as 对账中, with the platform's words only.
  await useSession(page, 'demo');
  await page.goto(`/EmolumentManagement/epaymentCenter?name=${encodeURIComponent(payee)}`);
  const held = page.locator('tr.ant-table-row', { hasText: ref });
  await expect(held).toContainText('对账中', { timeout: 30_000 });
  await expect(held).toContainText('对账单与平台记录不一致，平台核实中');
  await expect(held.getByRole('link', { name: '查看' })).toHaveCount(0);
  await page.screenshot({ path: '../.tmp/e2e-output/company-payment-reconciling.png', fullPage: true });

  // Back in /ops: 处理 with our books right and a reason.
  await page.goto(ops);
  await row.getByRole('button', { name: /查看 .* 的差异/ }).click();
  await difference.getByRole('button', { name: `处理 ${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: '处理对账差异：金额不符' });
  await dialog.getByLabel('以平台记录为准，请服务方重新核实').check();
  await dialog.getByLabel('处理原因').fill('服务方确认对账单金额有误');
  await page.screenshot({ path: '../.tmp/e2e-output/ops-reconcile-resolve.png' });
  const resolveRequest = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/resolve'));
  await dialog.getByRole('button', { name: btn('确定处理') }).click();
  expect((await resolveRequest).headers()['idempotency-key']).toMatch(/^ops-/);
  await expect(page.getByText(/已处理。服务方答复：成功/)).toBeVisible();
  await expect(difference).toContainText('已处理');
  await expect(difference).toContainText('服务方确认对账单金额有误');
  await expect(difference.getByRole('button', { name: `处理 ${ref}` })).toHaveCount(0);

  // The audit has it; the company sees the payout paid again.
  await openScreen(page, '/ops/audit');
  await expect(page.locator('tr', { hasText: '处理对账差异' }).first()).toBeVisible();
  await page.goto(`/EmolumentManagement/epaymentCenter?name=${encodeURIComponent(payee)}`);
  const paid = page.locator('tr.ant-table-row', { hasText: ref });
  await expect(paid).toContainText('已支付');
  await expect(paid).not.toContainText('对账中');
  expect(consoleErrors).toEqual([]);
});
