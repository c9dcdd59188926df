import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { violationsIn } from '../axe.ts';
import { expect, test } from '../fixtures.ts';
import { tableFitProblems, useSession } from '../helpers.ts';

// The axe check of the 发起发放 dialog injects axe-core, which the console's policy would refuse.
test.use({ bypassCSP: true });

const btn = (text: string) => new RegExp(`${[...text].join('\\s*')}\\s*$`);

/** The visible page's table rows (pages kept open in other tabs stay in the DOM, hidden). */
const rowsOf = (page: Page) => page.locator('.ant-table-row:visible');
const waitForRows = (page: Page) => expect(rowsOf(page).first()).toBeVisible({ timeout: 30_000 });

/** Clicks a Popconfirm's OK button (the popover last opened). */
async function confirmPopover(page: Page, text: string) {
  await page
    .locator('.ant-popover:visible')
    .getByRole('button', { name: btn(text) })
    .click();
}

test.describe('tasks', () => {
  test('publish a task, pick three workers through the wizard with a reload, upload and pass a delivery, confirm it into a batch seen in 薪酬发放', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString().slice(-6);
    const title = `端到端任务${stamp}`;
    const batchTitle = `任务结算${stamp}`;
    await useSession(page, 'demo');

    // 发布需求: 固定金额 ¥300.00 per worker, five places, saved and published.
    await page.goto('/taskOrderManage/releaseTaskOrder');
    await page.getByLabel('任务名称').fill(title);
    await page.getByRole('combobox', { name: /服务商/ }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '海南灵工服务有限公司' }).click();
    await page.getByLabel('招募人数').fill('5');
    await page.getByLabel('每人金额').fill('300');
    await page.getByRole('button', { name: btn('保存并发布') }).click();
    await expect(page).toHaveURL(/taskOrderDetails\?id=\d+/);
    const taskId = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.locator('.ant-card-head').getByText('已发布')).toBeVisible();

    // 选择人员: the wizard opens on its second step for this task; three workers ticked.
    await page.getByRole('button', { name: btn('选择人员') }).click();
    await expect(page).toHaveURL(new RegExp(`selectEmployees\\?whom=${taskId}&step=1`));
    await waitForRows(page);
    const rows = rowsOf(page);
    for (let i = 0; i < 3; i += 1) await rows.nth(i).locator('.ant-checkbox-input').check();
    await expect(page.getByText('已选择 3 人（可翻页继续勾选）')).toBeVisible();

    // A reload keeps the step and the selection (URL + session storage).
    await page.reload();
    await waitForRows(page);
    await expect(page.getByText('已选择 3 人（可翻页继续勾选）')).toBeVisible();
    await expect(page.locator('.ant-steps-item-active')).toContainText('选择人员');
    await expect(rowsOf(page).locator('.ant-checkbox-checked')).toHaveCount(3);

    await page.getByRole('button', { name: btn('下一步') }).click();
    await expect(page).toHaveURL(/step=2/);
    const addRow = page.locator('.ant-descriptions-row').filter({ hasText: '将添加' });
    await expect(addRow).toContainText('3');
    // Back and forward keep the selection too.
    await page.goBack();
    await expect(page.getByText('已选择 3 人（可翻页继续勾选）')).toBeVisible();
    await page.goForward();
    await expect(addRow).toContainText('3');
    await page.getByRole('button', { name: btn('确认添加') }).click();
    await expect(page).toHaveURL(new RegExp(`taskOrderDetails\\?id=${taskId}`));
    await expect(page.getByRole('tab', { name: '待接单 3' })).toBeVisible();

    // 记录接单 for the first worker: the task moves to 进行中.
    const first = rowsOf(page).first();
    const worker = (await first.locator('td').first().innerText()).split('\n')[0] ?? '';
    await first.getByRole('button', { name: btn('接单') }).click();
    // The one rule, said where it happens: the first 接单 starts the 已发布 task.
    await expect(page.locator('.ant-popover:visible')).toContainText('将随之开始执行（已发布 → 进行中）');
    await confirmPopover(page, '记录接单');
    await expect(page.getByRole('tab', { name: '已接单 1' })).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('进行中')).toBeVisible();

    // 上传成果 with a file and a description.
    const accepted = rowsOf(page).filter({ hasText: worker });
    await accepted.getByRole('button', { name: btn('上传成果') }).click();
    await expect(page).toHaveURL(/uploadAchievement\?assignmentId=\d+/);
    const file = join(tmpdir(), `task-e2e-${process.pid}.csv`);
    writeFileSync(file, '项目,数量\n问卷,30\n');
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(
      page.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
    ).toHaveCount(1);
    await page.getByLabel('成果说明').fill('完成问卷 30 份');
    await page.getByRole('button', { name: btn('提交成果') }).click();
    await expect(page).toHaveURL(new RegExp(`taskOrderDetails\\?id=${taskId}`));
    await expect(page.getByRole('tab', { name: '已提交 1' })).toBeVisible();

    // 验收通过 at the agreed amount.
    await rowsOf(page)
      .filter({ hasText: worker })
      .getByRole('button', { name: btn('验收') })
      .click();
    const review = page.locator('.ant-modal').filter({ hasText: '验收成果' });
    await review.getByRole('button', { name: btn('验收通过') }).click();
    await expect(page.getByRole('tab', { name: '已通过 1' })).toBeVisible();

    // 任务确认, opened from 任务详情 narrowed to this task: the passed amount, ticked, becomes a batch.
    await page.getByRole('link', { name: '任务确认' }).click();
    await expect(page).toHaveURL(new RegExp(`taskConfirmationIndex\\?taskId=${taskId}`));
    await waitForRows(page);
    await expect(rowsOf(page)).toHaveCount(1);
    const payable = rowsOf(page).filter({ hasText: title });
    await expect(payable).toContainText('¥300.00');
    await payable.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: btn('所选发起发放') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '发起发放' });
    // The dialog names who pays and the fee.
    await expect(dialog).toContainText('海南灵工服务有限公司');
    await expect(dialog).toContainText(/费率 \d+\.\d{2}%（(企业|个人)承担）/);
    // The dialog passes axe's WCAG 2.1 A and AA rules (the axe tier checks the screens).
    expect(await violationsIn(page, '.ant-modal-wrap')).toEqual([]);
    await dialog.getByLabel('批次名称').fill(batchTitle);
    await dialog.getByRole('button', { name: btn('生成发放批次') }).click();
    await page.getByRole('button', { name: btn('查看发放批次') }).click();
    await expect(page).toHaveURL(/emolumentGrantDetails\?id=\d+/);

    await page.goto('/EmolumentManagement/emolumentGrant');
    await expect(page.getByText(batchTitle, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await page.goto('/EmolumentManagement/taskConfirmationIndex');
    await page.getByRole('tab', { name: '已确认' }).click();
    await expect(rowsOf(page).filter({ hasText: title })).toContainText(batchTitle);

    // 任务记录: every step, the worker's recorded on the worker's behalf, the batch named.
    await page.goto(`/taskOrderManage/taskOrderDetails?id=${taskId}`);
    const history = page.locator('.ant-card').filter({ has: page.getByText('任务记录', { exact: true }) });
    for (const text of ['新建任务', '发布任务', '选择人员', '随第一位人员接单自动开始', '上传成果', '验收通过']) {
      await expect(history).toContainText(text);
    }
    await expect(history).toContainText(`发放批次「${batchTitle}」`);
    await expect(history.locator('.ant-timeline-item').filter({ hasText: worker }).first()).toContainText('代为记录');
  });

  test('the task screens fit a 1366 px window (screenshots in .tmp/tasks-*.png)', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 800 });
    await useSession(page, 'demo');
    const lists: [string, string][] = [
      ['taskOrderManageIndex', '/taskOrderManage/taskOrderManageIndex'],
      ['taskCenterIndex', '/taskOrderManage/taskCenterIndex'],
      ['taskCenterAnswer', '/taskOrderManage/taskCenterIndex?kind=answer'],
      ['taskConfirmationIndex', '/EmolumentManagement/taskConfirmationIndex'],
    ];
    for (const [name, path] of lists) {
      await page.goto(path);
      await waitForRows(page);
      await page.screenshot({ path: `../.tmp/tasks-${name}.png`, fullPage: true });
      expect(await tableFitProblems(page), name).toEqual([]);
    }
    // A task with workers: its details and the wizard's worker step.
    await page.goto('/taskOrderManage/taskOrderManageIndex?status=in_progress');
    await waitForRows(page);
    await rowsOf(page)
      .first()
      .getByRole('button', { name: btn('详情') })
      .click();
    await waitForRows(page);
    await page.screenshot({ path: '../.tmp/tasks-taskOrderDetails.png', fullPage: true });
    expect(await tableFitProblems(page), 'taskOrderDetails').toEqual([]);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.goto(`/taskOrderManage/selectEmployees?whom=${id}&step=1`);
    await waitForRows(page);
    await page.screenshot({ path: '../.tmp/tasks-selectEmployees.png', fullPage: true });
    expect(await tableFitProblems(page), 'selectEmployees').toEqual([]);
    await page.goto('/taskOrderManage/selectEmployees');
    await waitForRows(page);
    await page.screenshot({ path: '../.tmp/tasks-selectEmployees-step0.png', fullPage: true });
    await page.goto('/taskOrderManage/releaseTaskOrder');
    await expect(page.getByLabel('任务名称')).toBeVisible();
    await page.screenshot({ path: '../.tmp/tasks-releaseTaskOrder.png', fullPage: true });
    await page.goto(`/taskOrderManage/taskEnEdit?id=${id}`);
    await expect(page.getByLabel('任务名称')).toBeVisible();
    await page.screenshot({ path: '../.tmp/tasks-taskEnEdit.png', fullPage: true });
    await page.goto('/taskOrderManage/uploadAchievement');
    await expect(page.getByText('进行中、待验收的任务')).toBeVisible();
    await page.screenshot({ path: '../.tmp/tasks-uploadAchievement.png', fullPage: true });
  });
});
