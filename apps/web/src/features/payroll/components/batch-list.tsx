import {
  PAYROLL_CANCELLABLE_STATUSES,
  PAYROLL_EDITABLE_STATUSES,
  PAYROLL_STATUS_LABELS,
  PAYROLL_STATUSES,
  screenPath,
  type TPayrollBatch,
  type TPayrollStatus,
} from '@flexpay/contract/web';
import { AuditOutlined, PlusOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Dropdown, Space, Tabs, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable, ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, remoteSelectFilter, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useBatches } from '../api/get-batches.ts';
import { usePendingBatchApprovals } from '../api/get-pending-batch-approvals.ts';
import { useStatusCounts } from '../api/get-status-counts.ts';
import { serviceCompanyRemoteOptions } from '../../../api/search-service-companies.ts';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { CancelBatchDialog } from './cancel-batch-dialog.tsx';
import { BatchStatusTag, channelLabel, FeeMoney, feesComputed, normalizePeriod } from './payroll-format.tsx';

const STATUS_OPTIONS = PAYROLL_STATUSES.map((value) => ({ value, label: PAYROLL_STATUS_LABELS[value] }));
const CHECK_OPTIONS = PAYROLL_EDITABLE_STATUSES.map((value) => ({ value, label: PAYROLL_STATUS_LABELS[value] }));

const filtersOf = (checkOnly: boolean) =>
  defineFilters({
    status: { ...selectFilter({ label: '状态', options: checkOnly ? CHECK_OPTIONS : STATUS_OPTIONS }), inForm: false },
    title: textFilter({ label: '批次名称', maxLength: 50 }),
    period: textFilter({
      label: '发放月份',
      placeholder: 'YYYY-MM',
      maxLength: 7,
      width: 120,
      normalize: normalizePeriod,
    }),
    serviceCompanyId: remoteSelectFilter({ label: '服务商', remote: serviceCompanyRemoteOptions, width: 220 }),
  });
const GRANT_FILTERS = filtersOf(false);
const CHECK_FILTERS = filtersOf(true);

/**
 * 薪酬发放 (every batch, tabs by status with their counts) and 薪酬核对 (`checkOnly`: the batches
 * still being checked): filters, totals and the actions the viewer may take.
 */
export function BatchList({ checkOnly = false }: { checkOnly?: boolean }) {
  const navigate = useNavigate();
  const list = useListQuery(checkOnly ? CHECK_FILTERS : GRANT_FILTERS);
  const batches = useBatches(list.query, checkOnly);
  const counts = useStatusCounts();
  const canCheck = useHasElement(PAYROLL_ELEMENTS.check);
  const cancelling = useDialogTarget<TPayrollBatch>();

  const statuses: readonly TPayrollStatus[] = checkOnly ? PAYROLL_EDITABLE_STATUSES : PAYROLL_STATUSES;
  // No count until the counts are known: a 0 while they load (or after they failed) would be wrong.
  const countOf = (s: TPayrollStatus) => (counts.data ? ` ${counts.data.find((c) => c.status === s)?.count ?? 0}` : '');
  const tabs = [
    { key: 'all', label: checkOnly ? '全部待核对' : '全部' },
    ...statuses.map((s) => ({ key: s, label: `${PAYROLL_STATUS_LABELS[s]}${countOf(s)}` })),
  ];

  const columns: TableColumnsType<TPayrollBatch> = [
    // Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the batch's number
    // above its name, the channel under the service company, the fee under the debit, the time
    // under its creator; names end in an ellipsis with a tooltip, amounts are never cut.
    {
      title: '批次',
      dataIndex: 'batchNo',
      width: 180,
      render: (no: string, b) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Link to={screenPath('emolumentGrantDetails', { id: b.id })}>{no}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 150 }} ellipsis={{ tooltip: b.title }}>
            {b.title}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (s: TPayrollStatus) => <BatchStatusTag status={s} /> },
    { title: '月份', dataIndex: 'period', width: 80 },
    {
      title: '服务商 / 渠道',
      dataIndex: 'serviceCompanyName',
      width: 150,
      render: (name: string, b) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Text style={{ maxWidth: 120 }} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {channelLabel(b.channel)}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '人数', dataIndex: 'itemCount', width: 50, align: 'right' },
    { title: '应发金额', dataIndex: 'amountFen', width: 125, align: 'right', render: formatMoney },
    {
      title: '扣款合计 / 服务费',
      dataIndex: 'debitFen',
      width: 135,
      align: 'right',
      render: (debit: number, b) =>
        feesComputed(b) ? (
          <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            {formatMoney(debit)}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatMoney(b.feeFen)}
            </Typography.Text>
          </Space>
        ) : (
          <FeeMoney fen={debit} computed={false} />
        ),
    },
    {
      title: '创建',
      dataIndex: 'createdAt',
      width: 110,
      render: (at: string, b) => (
        <Space orientation="vertical" size={0}>
          {b.creator.name}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(at)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, b) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(screenPath('emolumentGrantDetails', { id: b.id }))}
          >
            详情
          </Button>
          {canCheck && PAYROLL_EDITABLE_STATUSES.includes(b.status) && (
            <Button type="link" size="small" onClick={() => void navigate(screenPath('emolumentCheck', { id: b.id }))}>
              核对
            </Button>
          )}
          {canCheck && PAYROLL_CANCELLABLE_STATUSES.includes(b.status) && (
            <Button type="link" size="small" danger onClick={() => cancelling.open(b)}>
              取消
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={checkOnly ? '薪酬核对' : '薪酬发放'}>
      <Tabs
        activeKey={list.values.status ?? 'all'}
        items={tabs}
        onChange={(key) =>
          list.setValues({ ...list.values, status: key === 'all' ? undefined : (key as TPayrollStatus) })
        }
      />
      <ListSearchForm list={list} query={batches} />
      <ListToolbar>
        {!checkOnly && <PendingBatchesShortcut />}
        <Permission element={PAYROLL_ELEMENTS.create}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('emolumentGrantNew'))}>
            新建发放
          </Button>
        </Permission>
      </ListToolbar>
      <ListTable<TPayrollBatch>
        query={batches}
        noun="发放批次"
        isFiltered={list.isFiltered || list.values.status !== undefined}
        empty={checkOnly ? '暂无待核对的批次' : '暂无发放批次，可点击“新建发放”创建'}
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1050 }}
      />
      {cancelling.target && <CancelBatchDialog batch={cancelling.target} {...cancelling.dialogProps} />}
    </Card>
  );
}

/** 待我审批 N: the batches waiting for the viewer's decision, each a link to its 发放详情. */
function PendingBatchesShortcut() {
  const navigate = useNavigate();
  const pending = usePendingBatchApprovals();
  const requests = pending.data ?? [];
  // The count on the button's corner, outside its text: the name holds all the text the button
  // shows (WCAG 2.5.3), and says the count itself.
  return (
    <Badge count={requests.length} showZero size="small" color={requests.length ? 'red' : 'gray'}>
      <Dropdown
        disabled={!requests.length}
        trigger={['click']}
        menu={{
          items: requests.map((r) => ({
            key: String(r.id),
            label: `${r.title}（${formatMoney(r.amountFen)}，第 ${r.currentStep}/${r.stepCount} 步）`,
          })),
          onClick: ({ key }) => {
            const request = requests.find((r) => String(r.id) === key);
            if (request) void navigate(screenPath('emolumentGrantDetails', { id: Number(request.subject.id) }));
          },
        }}
      >
        <Button icon={<AuditOutlined aria-hidden />} aria-label={`待我审批 ${requests.length} 笔发放`}>
          待我审批
        </Button>
      </Dropdown>
    </Badge>
  );
}
