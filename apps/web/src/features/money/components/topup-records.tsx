import { TOPUP_STATUSES, TOPUP_STATUS_LABELS, type TTopup, type TTopupStatus } from '@flexpay/contract/web';
import { Button, Space, Typography, type TableColumnsType } from 'antd';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { dateRangeFilter, defineFilters, selectFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useTopups } from '../api/get-topups.ts';
import { maskAccountNo, TopupStatusTag } from './money-format.tsx';
import { keepTab, tabFilter } from './tab-filter.ts';
import { TopupDrawer } from './topup-drawer.tsx';

const STATUS_OPTIONS = TOPUP_STATUSES.map((value) => ({ value, label: TOPUP_STATUS_LABELS[value] }));

const TOPUP_FILTERS = defineFilters({
  tab: tabFilter(),
  status: selectFilter({ label: '状态', options: STATUS_OPTIONS }),
  created: dateRangeFilter({ label: '提交日期', from: 'from', to: 'to' }),
});

const baseColumns: TableColumnsType<TTopup> = [
  { title: '提交时间', dataIndex: 'createdAt', width: 165, render: (time: string) => formatDateTime(time) },
  // A service company's name wraps rather than being cut.
  { title: '服务商', dataIndex: 'serviceCompanyName', width: 150 },
  {
    title: '充值金额',
    dataIndex: 'amountFen',
    width: 130,
    align: 'right',
    render: (fen: number) => formatMoney(fen),
  },
  {
    title: '付款账户',
    dataIndex: 'payer',
    width: 140,
    render: (payer: TTopup['payer']) => (
      <Space direction="vertical" size={0}>
        <span>{payer.bank}</span>
        <Typography.Text type="secondary">{maskAccountNo(payer.accountNo)}</Typography.Text>
      </Space>
    ),
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 150,
    render: (status: TTopupStatus, topup) => (
      <Space direction="vertical" size={0}>
        <TopupStatusTag status={status} />
        {status === 'rejected' && topup.rejectReason && (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            驳回原因：{topup.rejectReason}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  { title: '处理时间', dataIndex: 'decidedAt', width: 165, render: (time: string | null) => formatDateTime(time) },
  { title: '备注', dataIndex: 'remark', ellipsis: true, render: (remark: string) => remark || '-' },
];

/** 充值记录: the company's top-ups, newest first; 查看 opens one (its voucher, approval and 撤回). */
export function TopupRecords() {
  const list = useListQuery(TOPUP_FILTERS);
  const { tab: _tab, ...query } = list.query;
  const topups = useTopups(query);
  const drawer = useDialogTarget<number>();
  const columns: TableColumnsType<TTopup> = [
    ...baseColumns,
    {
      title: '操作',
      key: 'action',
      width: 70,
      render: (_: unknown, topup) => (
        <Button type="link" size="small" onClick={() => drawer.open(topup.id)} aria-label={`查看充值 ${topup.id}`}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListSearchForm list={keepTab(list)} query={topups} />
      <ListTable<TTopup>
        query={topups}
        noun="充值记录"
        isFiltered={list.isFiltered}
        empty="暂无充值记录，可点击“充值”提交充值申请"
        columns={columns}
        pagination={list.pagination}
      />
      {drawer.target !== undefined && (
        <TopupDrawer id={drawer.target} open={drawer.isOpen} onClose={drawer.close} afterClose={drawer.afterClose} />
      )}
    </>
  );
}
