import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const DEMO_PASSWORD = 'Demo@123456';

/** Signs in through the login form and waits for the shell. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** The sidebar's top-level labels. */
export async function sidebarLabels(page: Page): Promise<string[]> {
  return page.locator('.app-sider .ant-menu-root > li').allInnerTexts();
}

export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu').click();
}

/**
 * Clicks a Popconfirm's OK button until what it does shows: a click that lands while the popover
 * is still opening (under load) can be lost. Safe for money: the dialog reuses its
 * Idempotency-Key, so a second confirmation replays the first.
 */
export async function confirmInPopover(popover: Locator, button: RegExp, done: Locator) {
  await expect(async () => {
    if (await popover.isVisible()) await popover.getByRole('button', { name: button }).click({ timeout: 2_000 });
    await expect(done).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** The code of the latest SMS the server sent (the default sender logs it; global-setup keeps the output). */
export async function lastSmsCode(after: number): Promise<string> {
  const { readFileSync } = await import('node:fs');
  const file = process.env.E2E_SERVER_LOG;
  if (!file) throw new Error('E2E_SERVER_LOG is not set');
  let code: string | undefined;
  await expect(async () => {
    const text = readFileSync(file, 'utf8').slice(after);
    const all = [...text.matchAll(/验证码为 (\d{6})/g)];
    code = all.at(-1)?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code ?? '';
}

/** How much the server has printed so far (to read only what comes after). */
export async function serverLogSize(): Promise<number> {
  const { statSync } = await import('node:fs');
  const file = process.env.E2E_SERVER_LOG;
  return file ? (statSync(file, { throwIfNoEntry: false })?.size ?? 0) : 0;
}
