import { expect, test } from '../fixtures.ts';
import { signInOps, useSession } from '../helpers.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/**
 * 在线客服 (issue 29): an admin's message reaches the operator's open /ops page without a reload,
 * the answer comes back the same way, and the top bar's unread badge follows.
 */
test('an admin and an operator chat live; the unread badge follows', async ({ page }) => {
  test.setTimeout(120_000);
  await useSession(page, 'demo');
  await page.goto('/dashboard');
  const ops = await page.context().newPage();
  await signInOps(ops);
  await ops.goto('/ops/chat');
  await ops.getByRole('button', { name: /^星河科技有限公司/ }).click();
  const opsLog = ops.getByRole('log', { name: '与 星河科技有限公司 的消息' });
  await expect(opsLog).toContainText('我们下周要申请本月的发票。');

  // The admin writes; the operator's open page shows it without a reload.
  const button = page.getByRole('button', { name: /^在线客服/ });
  await expect(button).toHaveAccessibleName('在线客服');
  await button.click();
  const drawer = page.getByRole('dialog').filter({ hasText: '客服电话' });
  const log = drawer.getByRole('log', { name: '与平台客服的消息' });
  await expect(log).toContainText('开票信息修改后需要重新审核吗');
  const text = `端到端消息 ${Date.now()}`;
  await drawer.getByLabel('输入消息').fill(text);
  await drawer.getByLabel('输入消息').press('Enter');
  await expect(log).toContainText(text);
  await expect(opsLog).toContainText(text, { timeout: 15_000 });
  // The operator's page has it shown: the admin's message is marked 已读.
  await expect(log.locator('.chat-row-mine').last()).toContainText('已读', { timeout: 15_000 });

  // An image goes the same way.
  await drawer.locator('input[type=file]').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: PNG });
  await expect(log.getByRole('img', { name: '聊天图片' })).toHaveCount(1);
  await expect(opsLog.getByRole('img', { name: '聊天图片' })).toHaveCount(1, { timeout: 15_000 });

  // The admin closes the drawer; the operator answers; the badge counts it, live.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const answer = `端到端回复 ${Date.now()}`;
  await ops.getByLabel('输入消息').fill(answer);
  await ops.getByRole('button', { name: /发\s*送$/ }).click();
  await expect(opsLog).toContainText(answer);
  await expect(button).toHaveAccessibleName('在线客服，1 条未读', { timeout: 15_000 });

  // Opening the drawer shows the answer and reads it.
  await button.click();
  await expect(log).toContainText(answer);
  await expect(button).toHaveAccessibleName('在线客服', { timeout: 15_000 });
  await expect(opsLog.locator('.chat-row-mine').last()).toContainText('已读', { timeout: 15_000 });
  await ops.close();
});
