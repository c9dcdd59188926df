import { OPS_AUDIT_ACTION_LABELS, type TOpsAuditRow } from '@flexpay/contract/web';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { ListSearchForm } from '../../components/list-search-form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { dateRangeFilter, defineFilters, selectFilter } from '../../lib/list-filters.ts';
import { useListQuery } from '../../lib/use-list-query.ts';
import { useOpsAudit } from '../api/audit.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

const FILTERS = defineFilters({
  action: selectFilter({
    label: '操作',
    width: 160,
    options: Object.entries(OPS_AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
  }),
  date: dateRangeFilter({ label: '日期', from: 'from', to: 'to' }),
});

/** How a target of the audit reads: topup:2 -> 充值 #2. */
function targetText(target: string): string {
  return target
    .split('/')
    .map((part) => {
      const [kind, id] = part.split(':');
      const noun =
        kind === 'topup' ? '充值' : kind === 'company' ? '企业' : kind === 'serviceCompany' ? '服务商' : kind;
      return id ? `${noun} #${id}` : part;
    })
    .join(' / ');
}

/** 操作审计: what operators did (sign-ins, confirmations, rejections, cost rule edits). */
export function AuditPage() {
  useOpsTitle('操作审计');
  const list = useListQuery(FILTERS);
  const query = useOpsAudit(list.query);

  const columns: TableColumnsType<TOpsAuditRow> = [
    { title: '时间', dataIndex: 'createdAt', width: 180, render: (v: string) => formatDateTime(v) },
    { title: '运营人员', dataIndex: 'username', width: 120, render: (v: string | null) => v ?? '—' },
    {
      title: '操作',
      dataIndex: 'action',
      width: 140,
      render: (v: string) => OPS_AUDIT_ACTION_LABELS[v] ?? v,
    },
    {
      title: '对象',
      dataIndex: 'target',
      width: 200,
      render: (v: string) => (v ? targetText(v) : '—'),
    },
    {
      title: '结果',
      dataIndex: 'result',
      width: 80,
      render: (v: string) => (v === 'success' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    {
      title: '说明',
      dataIndex: 'message',
      ellipsis: true,
      render: (v: string) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: 'IP', dataIndex: 'ip', width: 140 },
  ];

  return (
    <>
      <ListSearchForm list={list} query={query} />
      <ListTable<TOpsAuditRow>
        query={query}
        noun="操作记录"
        isFiltered={list.isFiltered}
        pagination={list.pagination}
        columns={columns}
      />
    </>
  );
}
