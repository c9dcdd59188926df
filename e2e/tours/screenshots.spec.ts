import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { signIn } from '../helpers.ts';

const dir = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const SCREENS = [
  '/dashboard',
  '/EmployeeManagement/listEmployee',
  '/EmployeeManagement/addEmployee',
  '/EmployeeManagement/detailEmployee?id=1',
  '/EmployeeManagement/jobList',
  '/exportList/exportIndex',
  '/EmolumentManagement/emolumentGrant',
  '/EmolumentManagement/emolumentGrantNew',
  '/EmolumentManagement/emolumentCheckList',
  '/EmolumentManagement/emolumentCheck?id=3',
  '/EmolumentManagement/emolumentCheckVerify?id=2',
  '/EmolumentManagement/checkVerify?id=1',
  '/EmolumentManagement/emolumentGrantDetails?id=1',
  '/EmolumentManagement/emolumentDetail?id=1',
  '/EmolumentManagement/payRoll',
  '/EmolumentManagement/payConfirm?id=2',
  '/EmolumentManagement/refundCenter',
  '/EmolumentManagement/epaymentCenter',
  '/EmolumentManagement/emolumentGrantRecord',
  '/EmolumentManagement/payRollDetail?id=5',
  '/systemSetting/examineManage',
  '/systemSetting/roleManage',
  '/systemSetting/adminManage',
  '/systemSetting/addUser',
  '/editPass/editPassIndex',
  '/editAuthentication/editAuthenticationIndex',
  '/editSysMobile',
];

/**
 * Screenshots of the main screens at two sizes, for people to look at (.tmp/screenshots). A tour,
 * not a test of `npm test` (playwright.tours.config.ts, `npm run screenshots`): it checks nothing
 * the axe tier does not (every built screen loads, without a console error) and cost minutes of
 * every run.
 */

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`screenshots at ${viewport.width}x${viewport.height}`, async ({ page, consoleErrors }) => {
    // Two dozen screens, each loaded whole: a minute on a quiet machine.
    test.setTimeout(180_000);
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(viewport);
    await page.goto('/login');
    await expect(page.getByText('企业管理后台登录')).toBeVisible();
    await page.screenshot({ path: `${dir}/login-${viewport.width}.png` });
    await signIn(page, 'demo');
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator('.app-content')).not.toBeEmpty();
      // Loaded: nothing is spinning any more (the download centre may poll, so no network-idle wait).
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const name = path.split('?')[0]?.split('/').filter(Boolean).join('-') ?? 'page';
      await page.screenshot({ path: `${dir}${name}-${viewport.width}.png` });
    }
    expect(consoleErrors).toEqual([]);
  });
}
