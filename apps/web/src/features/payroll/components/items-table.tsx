import {
  ITEM_PAY_STATUS_LABELS,
  PAYROLL_EDITABLE_STATUSES,
  screenPath,
  type TPayrollStatus,
  type TPayrollBatch,
  type TPayrollCheckResult,
  type TPayrollItem,
} from '@flexpay/contract/web';
import { App, Button, Form, InputNumber, Modal, Space, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { defineFilters, numberFilter, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useItems } from '../api/get-items.ts';
import { useRemoveItem } from '../api/remove-item.ts';
import { useUpdateItem } from '../api/update-item.ts';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { ReconcilingStatus } from './reconciling-status.tsx';
import { CheckResultTag, channelLabel, FeeMoney, feesComputed, WorkerName, yuanToFen } from './payroll-format.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

const ITEM_FILTERS = defineFilters({
  // The page's own parameters (the batch, and what to open on arrival), kept in the URL as the list changes.
  id: { ...numberFilter({ label: '批次' }), inForm: false },
  add: {
    ...selectFilter({
      label: '添加',
      options: [
        { value: 'sheet', label: '上传表格' },
        { value: 'workers', label: '选择员工' },
      ],
    }),
    inForm: false,
  },
  result: {
    ...selectFilter({
      label: '核对结果',
      options: [
        { value: 'ok', label: '正常' },
        { value: 'failed', label: '异常' },
        { value: 'unchecked', label: '未核对' },
      ],
    }),
    inForm: false,
  },
  name: textFilter({ label: '姓名', maxLength: 50 }),
});

const PAID_STATUSES: readonly TPayrollStatus[] = ['paying', 'completed', 'partial'];

interface TEditForm {
  amount: number | null;
  remark: string;
}

/**
 * The items of a batch with tabs by check result, and, while the batch is being checked and the
 * viewer may check, 修改 (amount and remark) and 删除 per item.
 */
export function ItemsTable({ batch, editable = true }: { batch: TPayrollBatch; editable?: boolean }) {
  const { message } = App.useApp();
  const list = useListQuery(ITEM_FILTERS);
  const { id: _id, add: _add, ...filters } = list.query;
  const items = useItems({ ...filters, batchId: batch.id });
  const mayCheck = useHasElement(PAYROLL_ELEMENTS.check);
  const canEdit = editable && mayCheck && PAYROLL_EDITABLE_STATUSES.includes(batch.status);
  const editing = useDialogTarget<TPayrollItem>();
  const update = useUpdateItem();
  const remove = useRemoveItem();
  const [form] = Form.useForm<TEditForm>();
  const unchecked = batch.itemCount - batch.okCount - batch.failedCount;
  // A paid batch passed its check whole: its rows say how each payment went, not the check.
  const paid = PAID_STATUSES.includes(batch.status);

  const tabs = [
    { key: 'all', label: `全部 ${batch.itemCount}` },
    { key: 'ok', label: `正常 ${batch.okCount}` },
    { key: 'failed', label: `异常 ${batch.failedCount}` },
    ...(unchecked > 0 ? [{ key: 'unchecked', label: `未核对 ${unchecked}` }] : []),
  ];

  const columns: TableColumnsType<TPayrollItem> = [
    // Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the name and its ID
    // number share a cell, a long reason wraps, only the free-text 备注 ends in an ellipsis.
    { title: '序号', dataIndex: 'rowNo', width: 56 },
    {
      title: '姓名 / 身份证号',
      dataIndex: 'name',
      width: 170,
      render: (name: string, item: TPayrollItem) => (
        <Space orientation="vertical" size={0}>
          <WorkerName name={name} workerId={item.workerId} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {item.idNumberMasked}
          </Typography.Text>
        </Space>
      ),
    },
    ...(paid
      ? [
          {
            title: '支付状态',
            dataIndex: 'payStatus',
            width: 150,
            render: (s: TPayrollItem['payStatus'], item: TPayrollItem) =>
              // 对账中 (ADR 0030): a payout held by the day's reconciliation, in the platform's words.
              item.reconciling ? (
                <ReconcilingStatus />
              ) : s ? (
                <Space orientation="vertical" size={0}>
                  <Tag color={s === 'paid' ? 'success' : s === 'failed' ? 'error' : 'processing'}>
                    {ITEM_PAY_STATUS_LABELS[s]}
                  </Tag>
                  {item.payFailReason && (
                    <Typography.Text type="danger" style={{ fontSize: 12 }}>
                      {item.payFailReason}
                    </Typography.Text>
                  )}
                </Space>
              ) : (
                '-'
              ),
          },
        ]
      : []),
    ...(paid
      ? [
          {
            title: '回单',
            key: 'receipt',
            width: 64,
            render: (_: unknown, item: TPayrollItem) =>
              item.payStatus === 'paid' && !item.reconciling ? (
                <Link to={screenPath('emolumentReceiptDetails', { id: batch.id, name: item.name })}>回单</Link>
              ) : (
                <Typography.Text type="secondary">-</Typography.Text>
              ),
          },
        ]
      : []),
    { title: '应发金额', dataIndex: 'amountFen', width: 115, align: 'right', render: formatMoney },
    {
      title: '服务费',
      dataIndex: 'feeFen',
      width: 100,
      align: 'right',
      render: (fen: number, item: TPayrollItem) => <FeeMoney fen={fen} computed={feesComputed(item)} />,
    },
    {
      title: '实发金额',
      dataIndex: 'netFen',
      width: 115,
      align: 'right',
      render: (fen: number, item: TPayrollItem) => <FeeMoney fen={fen} computed={feesComputed(item)} />,
    },
    {
      title: '收款账户',
      dataIndex: 'account',
      width: 155,
      render: (account: TPayrollItem['account']) =>
        account ? (
          <Space orientation="vertical" size={0}>
            {channelLabel(account.channel)}
            <span style={{ whiteSpace: 'nowrap' }}>{account.accountMasked}</span>
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: '核对结果',
      dataIndex: 'checkResult',
      hidden: paid,
      width: 150,
      render: (result: TPayrollCheckResult, item) => (
        <Space orientation="vertical" size={0}>
          <CheckResultTag result={result} />
          {item.checkReasons.map((reason) => (
            <Typography.Text key={reason} type="danger" style={{ fontSize: 12 }}>
              {reason}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'remark', width: 80, ellipsis: true, render: (r: string) => r || '-' },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'actions',
            fixed: 'right' as const,
            width: 104,
            render: (_: unknown, item: TPayrollItem) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    form.setFieldsValue({ amount: item.amountFen / 100, remark: item.remark });
                    editing.open(item);
                  }}
                >
                  修改
                </Button>
                <ConfirmAction
                  label="删除"
                  danger
                  title={`删除 ${item.name} 的发放明细？`}
                  description="删除后需重新核对批次。"
                  onConfirm={async () => {
                    await remove.mutateAsync(item.id);
                    void message.success('发放明细已删除');
                  }}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const onSave = async () => {
    const target = editing.target;
    if (!target) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await update.mutateAsync({
        id: target.id,
        body: { amountFen: yuanToFen(values.amount) ?? 0, remark: values.remark ?? '' },
      });
      void message.success('发放明细已修改，请重新核对');
      editing.close();
    } catch (error) {
      applyFieldErrors(form, error, { amountFen: 'amount', remark: 'remark' });
    }
  };

  return (
    <>
      {!paid && (
        <Tabs
          activeKey={list.values.result ?? 'all'}
          items={tabs}
          onChange={(key) =>
            list.setValues({ ...list.values, result: key === 'all' ? undefined : (key as TPayrollCheckResult) })
          }
        />
      )}
      <ListSearchForm list={list} query={items} />
      <ListTable<TPayrollItem>
        query={items}
        noun="发放明细"
        isFiltered={list.isFiltered || list.values.result !== undefined}
        empty="暂无发放明细"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1045 }}
      />
      <Modal
        open={editing.dialogProps.open}
        afterClose={editing.dialogProps.afterClose}
        title={`修改发放明细：${editing.target?.name ?? ''}`}
        okText="保存"
        okButtonProps={{ loading: update.isPending }}
        onOk={() => void onSave()}
        onCancel={editing.close}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="amount"
            label="应发金额（元）"
            rules={[
              { required: true, message: '请输入金额' },
              {
                validator: (_, v: number | null) =>
                  v === null || v === undefined || (yuanToFen(v) !== undefined && v > 0)
                    ? Promise.resolve()
                    : Promise.reject(new Error('金额必须大于 0，最多两位小数')),
              },
            ]}
          >
            <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '最多 200 个字' }]}>
            <TrimmedTextArea rows={2} maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
