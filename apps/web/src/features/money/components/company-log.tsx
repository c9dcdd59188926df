import { AUDIT_ACTION_LABELS, AUDIT_RESULT_LABELS, type TCompanyLogRow } from '@flexpay/contract/web';
import { Tag, type TableColumnsType } from 'antd';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { dateRangeFilter, defineFilters, remoteSelectFilter, selectFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useCompanyLog } from '../api/get-company-log.ts';
import { logAdminRemoteOptions } from '../api/search-log-admins.ts';
import { keepTab, tabFilter } from './tab-filter.ts';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));

const LOG_FILTERS = defineFilters({
  tab: tabFilter(),
  adminId: remoteSelectFilter({ label: '管理员', remote: logAdminRemoteOptions }),
  action: selectFilter({ label: '操作', options: ACTION_OPTIONS, width: 180 }),
  time: dateRangeFilter({ label: '日期', from: 'from', to: 'to' }),
});

const columns: TableColumnsType<TCompanyLogRow> = [
  { title: '时间', dataIndex: 'createdAt', width: 165, render: (time: string) => formatDateTime(time) },
  { title: '管理员', dataIndex: 'adminName', width: 110, ellipsis: true },
  { title: '操作', dataIndex: 'actionLabel', width: 140 },
  { title: '对象', dataIndex: 'target', width: 140, ellipsis: true, render: (target: string) => target || '-' },
  {
    title: '结果',
    dataIndex: 'result',
    width: 80,
    render: (result: string) => (
      <Tag color={result === 'success' ? 'success' : 'error'}>{AUDIT_RESULT_LABELS[result] ?? result}</Tag>
    ),
  },
  { title: 'IP', dataIndex: 'ip', width: 130 },
  { title: '说明', dataIndex: 'message', ellipsis: true, render: (message: string) => message || '-' },
];

/** 操作日志: what the company's admins did, newest first. */
export function CompanyLog() {
  const list = useListQuery(LOG_FILTERS);
  const { tab: _tab, ...query } = list.query;
  const log = useCompanyLog(query);
  return (
    <>
      <ListSearchForm list={keepTab(list)} query={log} />
      <ListTable<TCompanyLogRow>
        query={log}
        noun="操作日志"
        isFiltered={list.isFiltered}
        columns={columns}
        pagination={list.pagination}
      />
    </>
  );
}
