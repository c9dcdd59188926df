import {
  GATEWAY_LOG_COUNT_CAP,
  GATEWAY_LOG_REALM_LABELS,
  GATEWAY_LOG_REALMS,
  GATEWAY_STATUS_CLASSES,
  type TGatewayLogRow,
} from '@flexpay/contract/web';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Tag, Typography, type TableColumnsType } from 'antd';
import { ListSearchForm } from '../../components/list-search-form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { useExportNotice } from '../../components/use-export-notice.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import {
  dateRangeFilter,
  defineFilters,
  numberFilter,
  selectFilter,
  textFilter,
  type TSelectFilter,
} from '../../lib/list-filters.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
import { useListQuery } from '../../lib/use-list-query.ts';
import { GATEWAY_LOG_WINDOWS, useExportGatewayLog, useGatewayLog, type TGatewayLogWindow } from '../api/gateway-log.ts';
import { GatewayLogDrawer } from '../components/gateway-log-drawer.tsx';
import { StatusTag } from '../components/gateway-status-tag.tsx';
import { useOpsTitle } from '../lib/use-ops-title.ts';
import { OPS_EXPORTS_PATH } from '../menu.ts';

const DEFAULT_WINDOW: TGatewayLogWindow = '1h';

/** 时间: 最近 1 小时 unless another window is chosen; the URL carries only another choice. */
function windowFilter(): TSelectFilter<TGatewayLogWindow> {
  const base = selectFilter<TGatewayLogWindow>({
    label: '时间',
    width: 150,
    options: GATEWAY_LOG_WINDOWS.map(({ value, label }) => ({ value, label })),
  });
  return {
    ...base,
    parse: (read, name) => {
      const value = base.parse(read, name);
      return value === DEFAULT_WINDOW ? undefined : value;
    },
    serialize: (value, name) => (value === DEFAULT_WINDOW ? {} : base.serialize(value, name)),
    toForm: (value) => value ?? DEFAULT_WINDOW,
    fromForm: (form) => (form === undefined || form === DEFAULT_WINDOW ? undefined : form),
  };
}

const FILTERS = defineFilters({
  window: windowFilter(),
  date: dateRangeFilter({ label: '日期', from: 'from', to: 'to' }),
  companyId: numberFilter({ label: '企业 ID', min: 1, width: 130 }),
  adminId: numberFilter({ label: '管理员 ID', min: 1, width: 140 }),
  realm: selectFilter({
    label: '访问域',
    width: 110,
    options: GATEWAY_LOG_REALMS.map((value) => ({ value, label: GATEWAY_LOG_REALM_LABELS[value] })),
  }),
  route: textFilter({ label: '接口', placeholder: '路由或路径开头', maxLength: 200, width: 240 }),
  statusClass: selectFilter({
    label: 'HTTP 状态',
    width: 110,
    options: GATEWAY_STATUS_CLASSES.map((value) => ({ value, label: value })),
  }),
  code: numberFilter({ label: '业务码', min: 0, max: 999_999, width: 110 }),
  minLatencyMs: numberFilter({ label: '耗时超过 (ms)', min: 0, max: 3_600_000, width: 150 }),
  requestId: textFilter({ label: '请求编号', maxLength: 64, width: 240 }),
});

/**
 * 网关日志 (issue 41): every API request of both realms, newest first — who called, what, how it
 * ended and how long it took. A row opens the request with its 操作日志 rows and the server's
 * warnings and errors about it. The last hour unless a window or days are chosen. 导出 makes the
 * matching requests a file of the operators' 下载中心.
 */
export function GatewayLogPage() {
  useOpsTitle('网关日志');
  const list = useListQuery(FILTERS);
  const q = list.query;
  const filters = {
    window: q.window,
    from: q.from,
    to: q.to,
    companyId: q.companyId,
    adminId: q.adminId,
    realm: q.realm,
    route: q.route,
    statusClass: q.statusClass,
    code: q.code,
    minLatencyMs: q.minLatencyMs,
    requestId: q.requestId,
  };
  const query = useGatewayLog({ page: q.page, limit: q.limit, ...filters });
  const exporting = useExportGatewayLog();
  const notify = useExportNotice(OPS_EXPORTS_PATH);
  const drawer = useDialogTarget<TGatewayLogRow>();

  const columns: TableColumnsType<TGatewayLogRow> = [
    { title: '时间', dataIndex: 'at', width: 160, render: (v: string) => formatDateTime(v) },
    {
      title: '调用方',
      key: 'who',
      width: 150,
      ellipsis: true,
      render: (_: unknown, r) =>
        r.realm === 'operator' ? (
          <Tag>运营 #{r.operatorId}</Tag>
        ) : r.realm === 'company' ? (
          <span title={`企业 #${r.companyId} · 管理员 #${r.adminId}`}>
            {r.companyName ?? `企业 #${r.companyId}`}
            <Typography.Text type="secondary"> · #{r.adminId}</Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">未登录</Typography.Text>
        ),
    },
    { title: '方法', dataIndex: 'method', width: 70 },
    {
      title: '接口',
      dataIndex: 'route',
      ellipsis: true,
      render: (v: string, r) => <span title={r.path}>{v || r.path}</span>,
    },
    {
      title: '结果',
      key: 'status',
      width: 100,
      render: (_: unknown, r) => <StatusTag status={r.status} code={r.code} />,
    },
    {
      title: '耗时',
      dataIndex: 'latencyMs',
      align: 'right',
      width: 90,
      render: (v: number) => `${v.toFixed(1)} ms`,
    },
    { title: '客户端地址', dataIndex: 'ip', width: 120, ellipsis: true },
    { title: '进程', dataIndex: 'process', width: 100, ellipsis: true },
    {
      title: '操作',
      key: 'action',
      width: 70,
      fixed: 'right',
      // The row opens on a click; the button is the same for the keyboard.
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          onClick={(e) => {
            e.stopPropagation();
            drawer.open(r);
          }}
        >
          查看
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListSearchForm list={list} query={query}>
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
          刷新
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={exporting.isPending}
          onClick={() => void notify(() => exporting.mutateAsync(filters))}
        >
          导出
        </Button>
      </ListSearchForm>
      {query.data?.capped && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={`匹配的请求超过 ${GATEWAY_LOG_COUNT_CAP.toLocaleString()} 条，只列出最近的；请缩小时间范围或加上筛选条件。`}
        />
      )}
      <ListTable<TGatewayLogRow>
        query={query}
        noun="请求"
        isFiltered={list.isFiltered}
        pagination={list.pagination}
        columns={columns}
        onRow={(r) => ({ onClick: () => drawer.open(r), style: { cursor: 'pointer' } })}
      />
      {drawer.target && (
        <GatewayLogDrawer
          row={drawer.target}
          open={drawer.isOpen}
          onClose={drawer.close}
          afterClose={drawer.afterClose}
        />
      )}
    </>
  );
}
