import { API } from '@flexpay/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as DetailsPage } from './routes/task-order-details-page.tsx';
import { ALL_TASK_ELEMENTS, assignment, task } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const SLOW = { timeout: 120_000 };
beforeEach(() => useSession.setState({ elements: ALL_TASK_ELEMENTS }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

const submitted = assignment({
  status: 'submitted',
  agreedFen: 30_000,
  latestDelivery: { id: 71, round: 2, status: 'reviewing', submittedAt: '2026-11-25T11:00:00.000Z' },
});

/** Opens 任务详情 and the 验收 dialog of the submitted delivery. */
async function openReview() {
  api = mockApi({
    [`GET ${API.task.one}`]: () => ok(task({ status: 'in_progress', actions: ['finish', 'cancel'] })),
    [`GET ${API.task.assignments}`]: () => ok({ total: 1, rows: [submitted] }),
    'POST /api/task/delivery/:id/review': () => ok({ ...submitted, status: 'passed', deliveries: [] }),
  });
  renderScreen(DetailsPage, {
    path: '/taskOrderManage/taskOrderDetails',
    initialEntry: '/taskOrderManage/taskOrderDetails?id=8',
  });
  const review = await waitFor(
    () => within(screen.getByText('金鸣伟').closest('tr') as HTMLElement).getByRole('button', { name: /验\s*收/ }),
    { timeout: 20_000 },
  );
  await user.click(review);
  return screen.findByRole('dialog');
}

describe('验收成果 passed', () => {
  it('passes at the amount given, in fen', SLOW, async () => {
    const dialog = await openReview();
    expect(dialog).toHaveTextContent('验收成果：金鸣伟（第 2 轮）');
    expect(within(dialog).getByText('不填按交付数量或约定金额（¥300.00）计算')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('应付金额'), { target: { value: '280.5' } });
    await user.click(within(dialog).getByRole('button', { name: /验收通过/ }));
    expect(await screen.findByText('验收通过', { selector: '.ant-message *' })).toBeInTheDocument();
    expect(api?.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/task/delivery/71/review',
      body: { pass: true, amountFen: 28_050 },
    });
  });

  it('passes without an amount, leaving it to the delivery', SLOW, async () => {
    const dialog = await openReview();
    await user.click(within(dialog).getByRole('button', { name: /验收通过/ }));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api?.calls.find((c) => c.method === 'POST')?.body).toEqual({ pass: true });
  });
});
