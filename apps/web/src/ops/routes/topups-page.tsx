import { TOPUP_STATUS_LABELS, TOPUP_STATUSES, type TTopup, type TTopupStatus } from '@flexpay/contract/web';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ListSearchForm } from '../../components/list-search-form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { defineFilters, remoteSelectFilter, selectFilter, type TSelectFilter } from '../../lib/list-filters.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
import { useListQuery } from '../../lib/use-list-query.ts';
import { companyRemote } from '../api/companies.ts';
import { useOpsTopups } from '../api/topups.ts';
import { TopupDrawer } from '../components/topup-drawer.tsx';
import { TopupStatusTag } from '../components/topup-status-tag.tsx';
import { formatFen } from '../lib/money-input.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

type TStatusChoice = TTopupStatus | 'all';
const DEFAULT_STATUS: TTopupStatus = 'pending';

/**
 * 状态: 待确认 unless chosen otherwise (the queue's purpose), or 全部. The URL carries only a
 * choice other than the default.
 */
function statusFilter(): TSelectFilter<TStatusChoice> {
  const base = selectFilter<TStatusChoice>({
    label: '状态',
    options: [
      // 审批中 is the company's own business, and 已撤回 its own again: the platform sees neither.
      ...TOPUP_STATUSES.filter((value) => value !== 'approving' && value !== 'withdrawn').map((value) => ({
        value,
        label: TOPUP_STATUS_LABELS[value],
      })),
      { value: 'all', label: '全部' },
    ],
  });
  return {
    ...base,
    parse: (read, name) => {
      const value = base.parse(read, name);
      return value === DEFAULT_STATUS ? undefined : value;
    },
    serialize: (value, name) => (value === DEFAULT_STATUS ? {} : base.serialize(value, name)),
    toForm: (value) => value ?? DEFAULT_STATUS,
    fromForm: (form) => (form === undefined || form === DEFAULT_STATUS ? undefined : form),
    toQuery: (value) => ({ status: value === 'all' ? undefined : (value ?? DEFAULT_STATUS) }),
  };
}

const FILTERS = defineFilters({
  status: statusFilter(),
  companyId: remoteSelectFilter({ label: '企业', remote: companyRemote, width: 220 }),
});

/** 充值确认: the top-ups of every company, pending first-come first-served; a row opens its check. */
export function TopupsPage() {
  useOpsTitle('充值确认');
  const list = useListQuery(FILTERS);
  const query = useOpsTopups({
    page: list.query.page,
    limit: list.query.limit,
    status: list.query.status as TTopupStatus | undefined,
    companyId: list.query.companyId,
  });
  const drawer = useDialogTarget<TTopup>();

  const columns: TableColumnsType<TTopup> = [
    { title: '提交时间', dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
    { title: '企业', dataIndex: 'companyName', ellipsis: true },
    { title: '服务商', dataIndex: 'serviceCompanyName', ellipsis: true },
    {
      title: '充值金额',
      dataIndex: 'amountFen',
      align: 'right',
      width: 160,
      render: (v: number) => <Typography.Text strong>¥{formatFen(v)}</Typography.Text>,
    },
    {
      title: '付款账户',
      key: 'payer',
      ellipsis: true,
      render: (_: unknown, r) => `${r.payer.bank} ${r.payer.accountNo}`,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 170,
      render: (v: TTopupStatus, r) => (
        <Space size={4} wrap>
          <TopupStatusTag status={v} />
          {r.voucherReuses.length > 0 && (
            <Tooltip title={`该凭证内容还用于充值 ${r.voucherReuses.map((o) => `#${o.id}`).join('、')}`}>
              <Tag color="warning">凭证重复</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            drawer.open(r);
          }}
        >
          {r.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListSearchForm list={list} query={query} />
      <ListTable<TTopup>
        query={query}
        noun="充值记录"
        empty={list.values.status === undefined ? '暂无待确认的充值' : undefined}
        isFiltered={list.values.companyId !== undefined}
        pagination={list.pagination}
        columns={columns}
        onRow={(r) => ({ onClick: () => drawer.open(r), style: { cursor: 'pointer' } })}
      />
      {drawer.target && (
        <TopupDrawer row={drawer.target} open={drawer.isOpen} onClose={drawer.close} afterClose={drawer.afterClose} />
      )}
    </>
  );
}
