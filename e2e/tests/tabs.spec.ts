import { expect, test } from '../fixtures.ts';
import { openScreen, useSession } from '../helpers.ts';

/**
 * The bar of visited pages (spec section 2: the last 10) in a narrow window: ten tabs,
 * some of them a record's (员工详情 - 张三), overflow it, and the active page's tab is always in
 * view, wherever it is in the bar. SHOTS_DIR=<dir> saves a screenshot of the scrolled bar.
 */
const SCREENS = [
  '/EmployeeManagement/listEmployee',
  '/EmployeeManagement/detailEmployee?id=1',
  '/EmployeeManagement/detailEmployee?id=2',
  '/EmployeeManagement/detailEmployee?id=3',
  '/moneyManagement/listMoney',
  '/moneyManagement/accountManagement',
  '/EmolumentManagement/emolumentGrant',
  '/EmolumentManagement/emolumentGrantRecord',
  '/EmolumentManagement/epaymentCenter',
  '/EmolumentManagement/refundCenter',
];

test('the active tab of the visited pages is scrolled into view', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 768 });
  await useSession(page, 'demo');
  await page.goto('/dashboard');
  const bar = page.getByRole('navigation', { name: '已打开的页面' });
  const active = bar.locator('[aria-current="page"]');
  for (const path of SCREENS) {
    await openScreen(page, path);
    await expect(active).toHaveAttribute('href', path);
    await expect(active).toBeInViewport({ ratio: 1 });
  }
  // The bar overflows (else the test proves nothing), and is scrolled to the end.
  const { overflow, scrolled } = await bar.evaluate((nav) => ({
    overflow: nav.scrollWidth - nav.clientWidth,
    scrolled: nav.scrollLeft,
  }));
  expect(overflow).toBeGreaterThan(0);
  expect(scrolled).toBeGreaterThan(0);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/tabs-scrolled.png` });

  // Back to the first of the ten (far left, out of view now): its tab comes into view.
  await openScreen(page, SCREENS[0]!);
  await expect(active).toHaveAttribute('href', SCREENS[0]!);
  await expect(active).toBeInViewport({ ratio: 1 });
  // Closing the active tab moves to the last remaining one, again in view.
  await bar.getByRole('button', { name: /^关闭 员工列表/ }).click();
  await expect(active).toHaveAttribute('href', SCREENS.at(-1)!);
  await expect(active).toBeInViewport({ ratio: 1 });
});
