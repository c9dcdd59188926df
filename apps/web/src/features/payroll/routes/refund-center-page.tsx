import {
  ITEM_PAY_STATUS_LABELS,
  PAYOUT_CHANNEL_LABELS,
  PAYOUT_RECONCILING_REPAY_REFUSED,
  screenPath,
  type TPayBody,
  type TRefundItem,
} from '@flexpay/contract/web';
import { Alert, App, Button, Card, Form, Modal, Space, Typography, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { BlockedAction } from '../../../components/blocked-action.tsx';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { defineFilters, textFilter } from '../../../lib/list-filters.ts';
import { useDialogTarget } from '../../../lib/use-dialog-target.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useRefunds } from '../api/get-refunds.ts';
import { useRepayItem } from '../api/repay-item.ts';
import { BusinessError, isApiError } from '../../../lib/request.ts';
import { PayCodeField, payCodeError } from '../components/pay-code-form.tsx';
import { PAYROLL_ELEMENTS } from '../elements.ts';
import { WorkerName } from '../components/payroll-format.tsx';
import { ReconcilingStatus } from '../components/reconciling-status.tsx';

const REFUND_FILTERS = defineFilters({ name: textFilter({ label: '姓名', maxLength: 50 }) });

/**
 * 退款中心 (/EmolumentManagement/refundCenter): payments that failed, their money back; pay again.
 * One held by 对账 (ADR 0030) says 对账中 in the platform's words in place of its status and reason,
 * its money not back, and 重新支付 is disabled with the reason until the platform has checked it.
 */
export function Component() {
  const { message } = App.useApp();
  const list = useListQuery(REFUND_FILTERS);
  const refunds = useRefunds(list.query);
  const canRepay = useHasElement(PAYROLL_ELEMENTS.refund);
  const repaying = useDialogTarget<TRefundItem>();
  const repay = useRepayItem();
  const [body, setBody] = useState<TPayBody>();
  const [codeError, setCodeError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const onCode = useCallback((b: TPayBody | undefined) => {
    setBody(b);
    setCodeError(undefined);
  }, []);

  const columns: TableColumnsType<TRefundItem> = [
    // Widths that fit a 1366 px window beside the sidebar (issue 24, point 9): the batch's number
    // above its name, the ID number under the name, the channel with the account; reasons wrap.
    {
      title: '批次',
      dataIndex: 'batchNo',
      width: 170,
      render: (no: string, r) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Link to={screenPath('payRollDetail', { id: r.batchId })}>{no}</Link>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, maxWidth: 145 }}
            ellipsis={{ tooltip: r.batchTitle }}
          >
            {r.batchTitle}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '姓名 / 身份证号',
      dataIndex: 'name',
      width: 175,
      render: (name: string, r) => (
        <Space orientation="vertical" size={0}>
          <WorkerName name={name} workerId={r.workerId} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.idNumberMasked}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '实发金额', dataIndex: 'netFen', width: 120, align: 'right', render: formatMoney },
    {
      title: '收款账户',
      key: 'account',
      width: 180,
      render: (_, r) => (r.account ? `${PAYOUT_CHANNEL_LABELS[r.account.channel]} ${r.account.accountMasked}` : '-'),
    },
    {
      title: '失败原因',
      dataIndex: 'payFailReason',
      width: 150,
      // A held item's failure is what the platform is checking: no reason is told as settled.
      render: (reason: string | null, r) =>
        r.reconciling ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <Typography.Text type="danger">{reason ?? '-'}</Typography.Text>
        ),
    },
    {
      title: '状态',
      dataIndex: 'payStatus',
      width: 130,
      render: (s: TRefundItem['payStatus'], r) =>
        r.reconciling ? <ReconcilingStatus /> : s ? ITEM_PAY_STATUS_LABELS[s] : '-',
    },
    ...(canRepay
      ? [
          {
            title: '操作',
            key: 'actions',
            fixed: 'right' as const,
            width: 110,
            render: (_: unknown, r: TRefundItem) =>
              r.reconciling ? (
                <BlockedAction label="重新支付" reason={PAYOUT_RECONCILING_REPAY_REFUSED} />
              ) : (
                <Button type="link" size="small" onClick={() => repaying.open(r)}>
                  重新支付
                </Button>
              ),
          },
        ]
      : []),
  ];

  const onRepay = async () => {
    const target = repaying.target;
    if (!target || !body) return;
    setCodeError(undefined);
    setProblem(undefined);
    try {
      await repay.mutateAsync({ id: target.id, body });
      void message.success('已重新支付，正在发放');
      repaying.close();
    } catch (error) {
      // A wrong code at its field; a refusal left to this form (a business code such as 余额不足,
      // a field error) above it. The request layer toasted the rest.
      const atCode = payCodeError(error);
      if (atCode) setCodeError(atCode);
      else if (isApiError(error) && (error instanceof BusinessError || error.isLeftToForm)) setProblem(error.message);
    }
  };

  return (
    <Card title="退款中心">
      <Typography.Paragraph type="secondary">
        支付失败的金额已退回可用余额（对账中的除外：平台核实完成前不会退回，也不能重新支付）。请先在员工详情中修正收款账户，再重新支付。
      </Typography.Paragraph>
      <ListSearchForm list={list} query={refunds} />
      <ListTable<TRefundItem>
        query={refunds}
        noun="支付失败的明细"
        isFiltered={list.isFiltered}
        empty="暂无支付失败的明细"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1035 }}
      />
      <Modal
        open={repaying.dialogProps.open}
        afterClose={() => {
          setProblem(undefined);
          setCodeError(undefined);
          repaying.dialogProps.afterClose();
        }}
        title={`重新支付：${repaying.target?.name ?? ''} ${repaying.target ? formatMoney(repaying.target.netFen) : ''}`}
        okText="重新支付"
        okButtonProps={{ disabled: !body, loading: repay.isPending }}
        onOk={() => void onRepay()}
        onCancel={repaying.close}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          将发放到该员工当前的默认收款账户，并重新冻结对应金额。
        </Typography.Paragraph>
        {problem && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={problem} />}
        <Form layout="vertical">
          <PayCodeField onChange={onCode} error={codeError} />
        </Form>
      </Modal>
    </Card>
  );
}
