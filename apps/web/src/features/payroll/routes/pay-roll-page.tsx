import { screenPath, type TPayrollBatch, type TPayrollStatus } from '@flexpay/contract/web';
import { Button, Card, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { defineFilters, selectFilter } from '../../../lib/list-filters.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useBalances } from '../../../api/get-balances.ts';
import { useBatches } from '../api/get-batches.ts';
import { DateTimeStack } from '../../../components/date-time-stack.tsx';
import { BatchStatusTag } from '../components/payroll-format.tsx';
import { PAYROLL_ELEMENTS } from '../elements.ts';

const TABS: { key: TPayrollStatus; label: string }[] = [
  { key: 'to_pay', label: '待支付' },
  { key: 'paying', label: '支付中' },
  { key: 'partial', label: '部分成功' },
  { key: 'completed', label: '已完成' },
];
const PAY_FILTERS = defineFilters({
  status: {
    ...selectFilter({ label: '状态', options: TABS.map((t) => ({ value: t.key, label: t.label })) }),
    inForm: false,
  },
});

/** 批量支付 (/EmolumentManagement/payRoll): batches to pay and being paid, against the balance. */
export function Component() {
  const navigate = useNavigate();
  const list = useListQuery(PAY_FILTERS);
  const status = list.values.status ?? 'to_pay';
  const batches = useBatches({ ...list.query, status });
  const canPay = useHasElement(PAYROLL_ELEMENTS.pay);
  const canSeeBalance = useHasElement('money:view');
  const balances = useBalances(canSeeBalance);
  const availableOf = (b: TPayrollBatch) =>
    balances.data?.find((x) => x.serviceCompanyId === b.serviceCompanyId)?.availableFen ?? 0;

  const columns: TableColumnsType<TPayrollBatch> = [
    // Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the number above
    // the batch's name, names end in an ellipsis with a tooltip, amounts are never cut.
    {
      title: '批次',
      dataIndex: 'batchNo',
      width: 170,
      render: (no: string, b) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          {no}
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 145 }} ellipsis={{ tooltip: b.title }}>
            {b.title}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 85, render: (s: TPayrollStatus) => <BatchStatusTag status={s} /> },
    {
      title: '服务商',
      dataIndex: 'serviceCompanyName',
      width: 150,
      render: (name: string) => (
        <Typography.Text style={{ maxWidth: 125 }} ellipsis={{ tooltip: name }}>
          {name}
        </Typography.Text>
      ),
    },
    { title: '人数', dataIndex: 'itemCount', width: 60, align: 'right' },
    { title: '扣款合计', dataIndex: 'debitFen', width: 130, align: 'right', render: formatMoney },
    ...(canSeeBalance && status === 'to_pay'
      ? [
          {
            title: '可用余额',
            key: 'available',
            width: 140,
            align: 'right' as const,
            render: (_: unknown, b: TPayrollBatch) => {
              const available = availableOf(b);
              return available < b.debitFen ? (
                <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
                  <Typography.Text type="danger">{formatMoney(available)}</Typography.Text>
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    余额不足
                  </Typography.Text>
                </Space>
              ) : (
                formatMoney(available)
              );
            },
          },
        ]
      : []),
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      width: 105,
      render: (at: string | null) => <DateTimeStack at={at} />,
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, b) => (
        <Space size={0}>
          {canPay && b.status === 'to_pay' && (
            <Button type="link" size="small" onClick={() => void navigate(screenPath('payConfirm', { id: b.id }))}>
              支付
            </Button>
          )}
          <Button type="link" size="small" onClick={() => void navigate(screenPath('payRollDetail', { id: b.id }))}>
            支付详情
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title="批量支付">
      <Tabs
        activeKey={status}
        items={TABS}
        onChange={(key) => list.setValues({ ...list.values, status: key as TPayrollStatus })}
      />
      <ListTable<TPayrollBatch>
        query={batches}
        noun="批次"
        isFiltered={false}
        empty={status === 'to_pay' ? '暂无待支付的批次' : '暂无批次'}
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 980 }}
      />
    </Card>
  );
}
