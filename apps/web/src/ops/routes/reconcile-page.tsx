import { RECONCILE_DAY_STATUS_LABELS, RECONCILE_DAY_STATUSES, type TReconcileDay } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Select, Space, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { ListSearchForm } from '../../components/list-search-form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { defineFilters, selectFilter } from '../../lib/list-filters.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
import { useListQuery } from '../../lib/use-list-query.ts';
import { reconcileAlertsQueryOptions, useReconcileDays, useRunReconcile } from '../api/reconcile.ts';
import { ReconcileDayDrawer } from '../components/reconcile-day-drawer.tsx';
import { ReconcileDayStatusTag } from '../components/reconcile-day-status-tag.tsx';
import { formatFen } from '../lib/money-input.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

const FILTERS = defineFilters({
  status: selectFilter({
    label: '对账状态',
    options: RECONCILE_DAY_STATUSES.map((value) => ({ value, label: RECONCILE_DAY_STATUS_LABELS[value] })),
  }),
  open: selectFilter({ label: '差异', options: [{ value: 'true', label: '有待处理差异' }] }),
});

/** 立即对账: one service company's day, now (a refused statement is tried again). */
function RunReconcileForm({ serviceCompanies }: { serviceCompanies: { id: number; name: string }[] }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ serviceCompanyId: number; day: Dayjs }>();
  const run = useRunReconcile();
  const onFinish = async (values: { serviceCompanyId: number; day: Dayjs }) => {
    if (run.isPending) return;
    try {
      const r = await run.mutateAsync({
        serviceCompanyId: values.serviceCompanyId,
        day: values.day.format('YYYY-MM-DD'),
      });
      if (r.outcome === 'done')
        void message.success(r.differenceCount ? `对账完成，发现 ${r.differenceCount} 笔差异` : '对账完成，没有差异');
      else if (r.outcome === 'already') void message.info('该日已对账，结果未改变');
      else void message.error(r.error ?? '对账单被拒');
    } catch (error) {
      applyFieldErrors(form, error, ['serviceCompanyId', 'day']);
    }
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ day: dayjs().subtract(1, 'day') }}
      onFinish={(values) => void onFinish(values)}
      aria-label="立即对账"
    >
      <Form.Item name="serviceCompanyId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
        <Select
          style={{ width: 220 }}
          placeholder="请选择服务商"
          options={serviceCompanies.map((s) => ({ value: s.id, label: s.name }))}
        />
      </Form.Item>
      <Form.Item name="day" label="对账日期" rules={[{ required: true, message: '请选择对账日期' }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} allowClear={false} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={run.isPending}>
          立即对账
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * 对账 (ADR 0030): each service company's day against the payout provider's signed statement;
 * a day opens its differences, each resolved with a reason.
 */
export function ReconcilePage() {
  useOpsTitle('对账');
  const list = useListQuery(FILTERS);
  const query = useReconcileDays({
    page: list.query.page,
    limit: list.query.limit,
    status: list.query.status,
    open: list.query.open,
  });
  const alerts = useQuery(reconcileAlertsQueryOptions());
  const drawer = useDialogTarget<TReconcileDay>();
  const a = alerts.data;

  const columns: TableColumnsType<TReconcileDay> = [
    { title: '对账日期', dataIndex: 'day', width: 120 },
    { title: '服务商', dataIndex: 'serviceCompanyName', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      render: (_: unknown, d) => <ReconcileDayStatusTag status={d.status} />,
    },
    { title: '对账单行数', dataIndex: 'lineCount', width: 110, align: 'right' },
    { title: '匹配笔数', dataIndex: 'matchedCount', width: 100, align: 'right' },
    {
      title: '匹配金额',
      dataIndex: 'matchedFen',
      width: 150,
      align: 'right',
      render: (fen: number) => `¥${formatFen(fen)}`,
    },
    { title: '差异', dataIndex: 'differenceCount', width: 80, align: 'right' },
    {
      title: '待处理',
      dataIndex: 'openCount',
      width: 90,
      align: 'right',
      render: (n: number) =>
        n > 0 ? (
          <Typography.Text type="danger" strong>
            {n}
          </Typography.Text>
        ) : (
          n
        ),
    },
    {
      title: '说明',
      key: 'note',
      ellipsis: true,
      render: (_: unknown, d) => d.error ?? `更新于 ${formatDateTime(d.updatedAt)}`,
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_: unknown, d) =>
        d.status === 'done' ? (
          <Button
            type="link"
            size="small"
            aria-label={`查看 ${d.day} ${d.serviceCompanyName} 的差异`}
            onClick={(e) => {
              e.stopPropagation();
              drawer.open(d);
            }}
          >
            差异
          </Button>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
  ];

  return (
    <>
      {a && (a.openDifferences > 0 || a.refusedDays > 0) && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="对账告警"
          description={[
            a.openDifferences > 0 ? `${a.openDifferences} 笔对账差异待处理，相关发放已挂起（对账异常）` : '',
            a.refusedDays > 0 ? `${a.refusedDays} 天的对账单被拒（签名或格式不符），下次对账会重新下载` : '',
          ]
            .filter(Boolean)
            .join('；')}
        />
      )}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            每小时自动对账前几天的对账单；也可以指定服务商和日期立即对账（已对账的日期不会重复对账）。
          </Typography.Text>
          <RunReconcileForm serviceCompanies={a?.serviceCompanies ?? []} />
        </Space>
      </Card>
      <ListSearchForm list={list} query={query} />
      <ListTable<TReconcileDay>
        query={query}
        noun="对账记录"
        empty="暂无对账记录"
        isFiltered={list.values.status !== undefined || list.values.open !== undefined}
        pagination={list.pagination}
        columns={columns}
        onRow={(d) => ({
          onClick: () => (d.status === 'done' ? drawer.open(d) : undefined),
          style: { cursor: d.status === 'done' ? 'pointer' : 'default' },
        })}
      />
      {drawer.target && <ReconcileDayDrawer day={drawer.target} {...drawer.dialogProps} />}
    </>
  );
}
