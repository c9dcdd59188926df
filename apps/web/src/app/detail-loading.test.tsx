import { API } from '@flexpay/contract/web';
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../components/test-utils.tsx';
import { Component as ContractDetail } from '../features/company-contracts/routes/contract-detail-page.tsx';
import { Component as RecordsDetails } from '../features/invoices/routes/records-details-page.tsx';
import { Component as EmolumentGrantDetails } from '../features/payroll/routes/emolument-grant-details-page.tsx';
import { Component as PayRollDetail } from '../features/payroll/routes/pay-roll-detail-page.tsx';
import { Component as TaskOrderDetails } from '../features/tasks/routes/task-order-details-page.tsx';

/**
 * Issue 38.18: a detail screen shows its frame while its record loads (its cards' titles with
 * skeletons and a spoken status), never a lone spinner or an empty message behind one. The
 * record's call never answers here, so what is checked is what the user sees while waiting.
 */
const SCREENS: {
  name: string;
  Screen: ComponentType;
  path: string;
  /** The address opened: `path?id=5` unless the id is in the path. */
  entry?: string; /** The record's path in the API contract. */
  call: string;
  cards: string[];
  says: string;
}[] = [
  {
    name: '发放详情',
    Screen: EmolumentGrantDetails,
    path: '/EmolumentManagement/emolumentGrantDetails',
    call: API.payroll.one,
    cards: ['发放详情', '审批记录'],
    says: '正在加载发放批次…',
  },
  {
    name: '支付详情',
    Screen: PayRollDetail,
    path: '/EmolumentManagement/payRollDetail',
    call: API.payroll.one,
    cards: ['支付详情', '发放明细'],
    says: '正在加载发放批次…',
  },
  {
    name: '开票详情',
    Screen: RecordsDetails,
    path: '/invoiceCenter/recordsDetails',
    call: API.invoice.one,
    cards: ['开票详情'],
    says: '正在加载开票申请…',
  },
  {
    name: '合同详情',
    Screen: ContractDetail,
    path: '/contract/enterpriseContreactDetail/:id',
    entry: '/contract/enterpriseContreactDetail/5',
    call: API.contract.one,
    cards: ['合同详情'],
    says: '正在加载合同…',
  },
  {
    name: '任务详情',
    Screen: TaskOrderDetails,
    path: '/taskOrderManage/taskOrderDetails',
    call: API.task.one,
    cards: ['任务详情', '任务人员', '任务记录'],
    says: '正在加载任务…',
  },
];

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('detail screens while their record loads', () => {
  it.each(SCREENS)("$name shows its frame: its cards' titles, skeletons, a status", async (s) => {
    const pending = new Promise<never>(() => undefined);
    api = mockApi({ [`GET ${s.call}`]: () => pending });
    const { container } = renderScreen(s.Screen, { path: s.path, initialEntry: s.entry ?? `${s.path}?id=5` });
    expect(await screen.findByRole('status')).toHaveTextContent(s.says);
    // The record's own call is the one waiting (not a 404 of a wrong path).
    expect(api.calls).toContainEqual(expect.objectContaining({ method: 'GET', url: s.call.replace(':id', '5') }));
    const titles = [...container.querySelectorAll('.ant-card-head-title')].map((t) => t.textContent);
    expect(titles).toEqual(s.cards);
    expect(container.querySelectorAll('.ant-skeleton')).toHaveLength(s.cards.length);
    expect(container.querySelector('.ant-spin')).toBeNull();
    expect(screen.queryByText(/不存在|暂无/)).toBeNull();
  });
});
