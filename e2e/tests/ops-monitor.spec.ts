import { expect, test } from '../fixtures.ts';
import { signInOps } from '../helpers.ts';

test.describe('系统监控 (/ops/monitor)', () => {
  test("shows the server's own heartbeat, the job queues, payouts and the database, and refreshes itself", async ({
    page,
    consoleErrors,
  }) => {
    await signInOps(page);
    await page.getByRole('menuitem', { name: /系统监控/ }).click();
    await expect(page).toHaveURL(/\/ops\/monitor$/);
    await expect(page.getByRole('heading', { name: '系统监控' })).toBeVisible();
    // (the unread chat count of the demo data may come first)
    await expect(page).toHaveTitle(/系统监控 - 平台运营控制台$/);

    // The e2e server writes its heartbeat when it starts: one process, running, with its figures.
    const processes = page.locator('.ant-card', { hasText: '服务进程' });
    const row = processes.locator('tr.ant-table-row').first();
    await expect(row).toContainText('运行中');
    await expect(row).toContainText('0.1.0');
    await expect(row).toContainText(/\d+(\.\d)? MB/);

    // pg-boss's queues of the areas, with a count per state.
    const queues = page.locator('.ant-card', { hasText: '任务队列' });
    await expect(queues.locator('tr.ant-table-row').first()).toBeVisible();
    for (const state of ['待执行', '待重试', '执行中', '已完成', '失败', '已取消']) {
      await expect(queues.getByRole('columnheader', { name: state })).toBeVisible();
    }
    await expect(page.getByTestId('monitor-oldest-payout')).toHaveText(/最早一笔 PO\d+，已等待|没有未结束的代付/);
    await expect(page.getByText('数据库 (内嵌 PGlite)')).toBeVisible();
    await expect(page.getByTestId('monitor-connections')).toHaveText(/连接数 \d+/);
    await page.screenshot({ path: '../.tmp/e2e-output/ops-monitor.png', fullPage: true });

    // Polled every 5 s: a new answer arrives without a click.
    const answers: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/ops/monitor') answers.push(r.url());
    });
    await expect.poll(() => answers.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
    await expect(row).toContainText('运行中');
    expect(consoleErrors).toEqual([]);
  });
});
