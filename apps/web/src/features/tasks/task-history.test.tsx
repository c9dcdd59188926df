import type { TTaskEvent, TTaskEventAction } from '@flexpay/contract/web';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as CenterPage } from './routes/task-center-index-page.tsx';
import { Component as DetailsPage } from './routes/task-order-details-page.tsx';
import { ALL_TASK_ELEMENTS, assignment, task } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const SLOW = { timeout: 120_000 };
beforeEach(() => {
  useSession.setState({ elements: ALL_TASK_ELEMENTS });
  sessionStorage.clear();
});
afterEach(() => {
  api?.restore();
  api = undefined;
});

const at = '2026-11-25T02:00:00.000Z';
const event = (action: TTaskEventAction, label: string, extra: Partial<TTaskEvent> = {}): TTaskEvent => ({
  action,
  label,
  adminName: '林晓',
  workerName: null,
  onBehalf: false,
  detail: null,
  at,
  ...extra,
});

describe('任务记录', () => {
  it('shows each worker’s steps with the worker, the detail and who recorded them', SLOW, async () => {
    api = mockApi({
      'GET /api/task/taskOrder/:id': () =>
        ok(
          task({
            status: 'in_progress',
            history: [
              event('create', '新建任务'),
              event('accept', '接单', { workerName: '金鸣伟', onBehalf: true }),
              event('autoStart', '开始执行', { detail: '随第一位人员接单自动开始' }),
              event('reject', '验收驳回', { workerName: '金鸣伟', detail: '第 1 轮，驳回原因：照片模糊' }),
            ],
            historyTotal: 4,
          }),
        ),
      'GET /api/task/taskOrder/:id/assignments': () => ok({ total: 0, rows: [] }),
    });
    renderScreen(DetailsPage, {
      path: '/taskOrderManage/taskOrderDetails',
      initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
    });
    // The page's frame shows a 任务记录 card while the task loads: wait for the record itself.
    const recorded = await screen.findByText('林晓 代为记录', {}, { timeout: 20_000 });
    const card = recorded.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('任务记录')).toBeInTheDocument();
    expect(within(card).getByText('随第一位人员接单自动开始')).toBeInTheDocument();
    expect(within(card).getByText('第 1 轮，驳回原因：照片模糊')).toBeInTheDocument();
    expect(within(card).getAllByText('金鸣伟')).toHaveLength(2);
  });
});

describe('the 接单 confirmation says the task starts', () => {
  it('in 任务中心, when a ticked worker’s task is 已发布', SLOW, async () => {
    api = mockApi({
      'GET /api/task/taskCenter/page': () =>
        ok({ total: 1, rows: [assignment({ status: 'pending', taskStatus: 'published', latestDelivery: null })] }),
      'GET /api/task/taskCenter/counts': () => ok({ review: 0, answer: 1 }),
    });
    renderScreen(CenterPage, {
      path: '/taskOrderManage/taskCenterIndex',
      initialEntry: '/taskOrderManage/taskCenterIndex?kind=answer',
    });
    const name = await screen.findByText('金鸣伟', {}, { timeout: 20_000 });
    await user.click(within(name.closest('tr') as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量接单/ }));
    expect(await screen.findByText('所选人员的 1 个已发布任务将随之开始执行（已发布 → 进行中）。')).toBeInTheDocument();
  });
});
