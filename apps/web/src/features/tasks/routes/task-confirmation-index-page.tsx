import {
  FEE_BEARER_LABELS,
  PAYOUT_CHANNEL_LABELS,
  PAYOUT_CHANNELS,
  TASK_CONFIRM_STATUS_LABELS,
  TASK_CONFIRM_STATUSES,
  screenPath,
  type TPayoutChannel,
  type TTaskConfirmBody,
  type TTaskConfirmStatus,
  type TTaskPayable,
} from '@flexpay/contract/web';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Modal,
  Radio,
  Space,
  Tabs,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCostRules } from '../../../api/get-cost-rules.ts';
import { serviceCompanyRemoteOptions } from '../../../api/search-service-companies.ts';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { chinaToday, formatDateTime } from '../../../lib/format-date-time.ts';
import {
  dateRangeFilter,
  defineFilters,
  remoteSelectFilter,
  selectFilter,
  textFilter,
} from '../../../lib/list-filters.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { PayBlockerTags } from '../../../components/worker-status-tags.tsx';
import { useConfirmPayables } from '../api/confirm-payables.ts';
import { usePayableSummary, type TPayableFilter } from '../api/get-payable-summary.ts';
import { usePayables } from '../api/get-payables.ts';
import { taskRemoteOptions } from '../api/task-options.ts';
import { TASK_ELEMENTS } from '../elements.ts';

const FILTERS = defineFilters({
  status: {
    ...selectFilter({
      label: '确认状态',
      options: TASK_CONFIRM_STATUSES.map((value) => ({ value, label: TASK_CONFIRM_STATUS_LABELS[value] })),
    }),
    inForm: false,
  },
  taskId: remoteSelectFilter({ label: '任务', remote: taskRemoteOptions, width: 240 }),
  serviceCompanyId: remoteSelectFilter({ label: '服务商', remote: serviceCompanyRemoteOptions, width: 200 }),
  name: textFilter({ label: '姓名', maxLength: 50, width: 120 }),
  passed: dateRangeFilter({ label: '验收日期', from: 'passedFrom', to: 'passedTo' }),
});

type TRow = TTaskPayable & { id: number };
/** Which amounts 发起发放 takes: the rows ticked, or every one matching the filter. */
type TPick =
  | { kind: 'ids'; ids: number[]; serviceCompanyId: number }
  | { kind: 'all'; filter: TPayableFilter; serviceCompanyId: number };

/**
 * 任务确认 (/EmolumentManagement/taskConfirmationIndex): passed deliveries as payable amounts;
 * those picked (page by page, or all matching the filter) of one service company start a payroll
 * batch, which then goes through 薪酬发放's check, approval and pay.
 */
export function Component() {
  const list = useListQuery(FILTERS);
  const status: TTaskConfirmStatus = list.values.status ?? 'payable';
  const { page: _page, limit: _limit, ...filter } = list.query;
  const payableFilter: TPayableFilter = { ...filter, status };
  const rows = usePayables({ ...list.query, status });
  const canConfirm = useHasElement(TASK_ELEMENTS.confirm);
  const [selected, setSelected] = useState<TRow[]>([]);
  const [pick, setPick] = useState<TPick | null>(null);
  const serviceCompanyId = list.values.serviceCompanyId;
  const summary = usePayableSummary(payableFilter, status === 'payable' && canConfirm);
  const companies = new Set(selected.map((r) => r.serviceCompanyId));

  const columns: TableColumnsType<TRow> = [
    {
      title: '任务',
      dataIndex: 'taskNo',
      width: 190,
      render: (no: string, r) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Link to={screenPath('taskOrderDetails', { id: r.taskId })}>{no}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 170 }} ellipsis={{ tooltip: r.taskTitle }}>
            {r.taskTitle}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '人员',
      dataIndex: 'workerName',
      width: 170,
      render: (n: string, r) => (
        <Space orientation="vertical" size={0}>
          {n}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.idNumberMasked}
          </Typography.Text>
          <PayBlockerTags reasons={r.payBlockers} />
        </Space>
      ),
    },
    {
      title: '服务商',
      dataIndex: 'serviceCompanyName',
      width: 160,
      render: (name: string) => (
        <Typography.Text style={{ maxWidth: 145 }} ellipsis={{ tooltip: name }}>
          {name}
        </Typography.Text>
      ),
    },
    { title: '应付金额', dataIndex: 'payableFen', width: 125, align: 'right', render: formatMoney },
    { title: '验收时间', dataIndex: 'passedAt', width: 160, render: formatDateTime },
    {
      title: '发放批次',
      key: 'batch',
      width: 160,
      render: (_, r) =>
        r.confirmation.batch ? (
          <Link to={screenPath('emolumentGrantDetails', { id: r.confirmation.batch.id })}>
            <Typography.Text
              style={{ maxWidth: 145, color: 'inherit' }}
              ellipsis={{ tooltip: r.confirmation.batch.title }}
            >
              {r.confirmation.batch.title}
            </Typography.Text>
          </Link>
        ) : (
          TASK_CONFIRM_STATUS_LABELS[r.confirmation.status]
        ),
    },
  ];

  return (
    <Card title="任务确认">
      <Tabs
        activeKey={status}
        items={TASK_CONFIRM_STATUSES.map((s) => ({ key: s, label: TASK_CONFIRM_STATUS_LABELS[s] }))}
        onChange={(k) => {
          setSelected([]);
          list.setValues({ ...list.values, status: k === 'payable' ? undefined : (k as TTaskConfirmStatus) });
        }}
      />
      <ListSearchForm list={list} query={rows} />
      {status === 'payable' && canConfirm && (
        <ListToolbar>
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {summary.data
              ? `符合条件 ${summary.data.count} 笔，${summary.data.workers} 人，合计 ${formatMoney(summary.data.amountFen)}；已选 ${selected.length} 笔`
              : `已选 ${selected.length} 笔`}
          </Typography.Text>
          <Button
            type="primary"
            disabled={selected.length === 0 || companies.size !== 1}
            title={companies.size > 1 ? '所选金额须属于同一服务商' : undefined}
            onClick={() =>
              setPick({
                kind: 'ids',
                ids: selected.map((r) => r.assignmentId),
                serviceCompanyId: [...companies][0] ?? 0,
              })
            }
          >
            所选发起发放
          </Button>
          <Button
            disabled={serviceCompanyId === undefined || !summary.data?.count}
            title={serviceCompanyId === undefined ? '请先按服务商筛选' : undefined}
            onClick={() =>
              serviceCompanyId !== undefined && setPick({ kind: 'all', filter: payableFilter, serviceCompanyId })
            }
          >
            全部符合条件的发起发放
          </Button>
        </ListToolbar>
      )}
      {status === 'payable' && companies.size > 1 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="一个发放批次只能属于一个服务商：请只选择同一服务商的金额，或先按服务商筛选"
        />
      )}
      <ListTable<TRow>
        query={rows}
        noun={status === 'payable' ? '待确认的金额' : '已确认的金额'}
        isFiltered={list.isFiltered}
        empty={status === 'payable' ? '暂无待确认的金额：成果验收通过后在此发起发放' : undefined}
        columns={columns}
        pagination={list.pagination}
        rowSelection={
          status === 'payable' && canConfirm
            ? {
                selectedRowKeys: selected.map((r) => r.id),
                preserveSelectedRowKeys: true,
                onChange: (_, picked) => setSelected(picked.filter((r): r is TRow => r !== undefined)),
              }
            : undefined
        }
        scroll={{ x: 965 }}
      />
      {pick && (
        <ConfirmDialog
          pick={pick}
          serviceCompanyName={
            (pick.kind === 'ids' ? selected : (rows.data?.rows ?? [])).find(
              (r) => r.serviceCompanyId === pick.serviceCompanyId,
            )?.serviceCompanyName
          }
          count={pick.kind === 'ids' ? pick.ids.length : (summary.data?.count ?? 0)}
          amountFen={
            pick.kind === 'ids' ? selected.reduce((sum, r) => sum + r.payableFen, 0) : (summary.data?.amountFen ?? 0)
          }
          onClose={(made) => {
            setPick(null);
            if (made) setSelected([]);
          }}
        />
      )}
    </Card>
  );
}

interface TConfirmValues {
  title: string;
  period: Dayjs;
  channel: TPayoutChannel;
  remark: string;
}

/** A fee rate in basis points as a percentage (650 → 6.50%). */
const formatRate = (bp: number) => `${(bp / 100).toFixed(2)}%`;

function ConfirmDialog({
  pick,
  count,
  amountFen,
  serviceCompanyName,
  onClose,
}: {
  pick: TPick;
  count: number;
  amountFen: number;
  /** The paying service company's name as the rows show it (before the cost rules load). */
  serviceCompanyName: string | undefined;
  onClose: (made: boolean) => void;
}) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TConfirmValues>();
  const confirm = useConfirmPayables();
  const rules = useCostRules();
  const rule = rules.data?.find((r) => r.serviceCompanyId === pick.serviceCompanyId);

  const onOk = async () => {
    const v = await form.validateFields();
    const {
      status: _s,
      serviceCompanyId: _c,
      ...filter
    } = pick.kind === 'all' ? pick.filter : { status: undefined, serviceCompanyId: undefined };
    const body: TTaskConfirmBody = {
      title: v.title,
      period: v.period.format('YYYY-MM'),
      channel: v.channel,
      remark: v.remark,
      serviceCompanyId: pick.serviceCompanyId,
      ...(pick.kind === 'ids' ? { assignmentIds: pick.ids } : { filter }),
    };
    try {
      const result = await confirm.mutateAsync(body);
      onClose(true);
      modal.success({
        title: '已生成发放批次',
        content: `${result.assignmentCount} 笔金额，${result.itemCount} 人，合计 ${formatMoney(result.amountFen)}。批次在薪酬发放中核对、审批、支付。`,
        okText: '查看发放批次',
        onOk: () => void navigate(screenPath('emolumentGrantDetails', { id: result.batchId })),
      });
    } catch (error) {
      applyFieldErrors(form, error, ['title', 'period', 'channel', 'remark']);
    }
  };

  return (
    <Modal
      open
      title="发起发放"
      okText="生成发放批次"
      okButtonProps={{ loading: confirm.isPending }}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={() => onClose(false)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`${pick.kind === 'all' ? '全部符合条件的' : '所选'} ${count} 笔，合计 ${formatMoney(amountFen)}；同一员工的金额合并为一条发放明细`}
      />
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="发放服务商">
          {rule?.serviceCompanyName ?? serviceCompanyName ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label="服务费">
          {rule
            ? `费率 ${formatRate(rule.feeRateBp)}（${FEE_BEARER_LABELS[rule.feeBearer]}），核对时逐人计算`
            : rules.isError
              ? '服务费规则读取失败'
              : '…'}
        </Descriptions.Item>
      </Descriptions>
      <Form<TConfirmValues>
        form={form}
        layout="vertical"
        initialValues={{
          title: `任务结算 ${chinaToday().format('YYYY-MM-DD')}`,
          period: chinaToday(),
          channel: 'bank',
          remark: '',
        }}
      >
        <Form.Item
          name="title"
          label="批次名称"
          rules={[
            { required: true, whitespace: true, message: '请输入批次名称' },
            { max: 50, message: '批次名称最多 50 个字' },
          ]}
        >
          <TrimmedInput maxLength={50} />
        </Form.Item>
        <Form.Item name="period" label="发放月份" rules={[{ required: true, message: '请选择发放月份' }]}>
          <DatePicker picker="month" />
        </Form.Item>
        <Form.Item name="channel" label="发放渠道" rules={[{ required: true, message: '请选择发放渠道' }]}>
          <Radio.Group options={PAYOUT_CHANNELS.map((c) => ({ value: c, label: PAYOUT_CHANNEL_LABELS[c] }))} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 个字' }]}>
          <TrimmedTextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
