import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { signIn, signInOps } from '../helpers.ts';

const dir = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

/** 在线客服: the top bar's drawer and the /ops screen with the demo conversation open. */
test('screenshots: 在线客服', async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'demo');
  await page.getByRole('button', { name: /^在线客服/ }).click();
  await expect(page.getByRole('log', { name: '与平台客服的消息' })).toContainText('发票');
  // The drawer has finished sliding in.
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${dir}chat-drawer.png` });
  const ops = await page.context().newPage();
  await ops.setViewportSize({ width: 1440, height: 900 });
  await signInOps(ops);
  await ops.goto('/ops/chat');
  await ops.getByRole('button', { name: /^星河科技有限公司/ }).click();
  await expect(ops.getByRole('log')).toContainText('发票');
  await ops.getByRole('button', { name: /快捷回复/ }).click();
  await expect(ops.getByText('请提供企业名称')).toBeVisible();
  await expect(ops.locator('.ops-chat-list .ant-badge-count')).toHaveCount(0);
  await ops.screenshot({ path: `${dir}ops-chat.png` });
});
