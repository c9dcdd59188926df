import { TOPUP_STATUS_LABELS, type TTopup } from '@flexpay/contract/web';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Descriptions, Drawer, Popconfirm, Row, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
import { opsTopupQueryOptions, useConfirmTopup } from '../api/topups.ts';
import { useIdempotencyKey } from '../lib/idempotency.ts';
import { formatFen } from '../lib/money-input.ts';
import { RejectModal } from './reject-modal.tsx';
import { TopupStatusTag } from './topup-status-tag.tsx';
import { VoucherPreview } from './voucher-preview.tsx';

/**
 * One top-up to check: the voucher beside the amount in large type, the payer and the service
 * company; 确认到账 and 驳回 while it is pending. The drawer is one intent: its confirm key is made
 * when it opens and reused for every click, so a double click or a retry credits once.
 */
export function TopupDrawer({
  open,
  row,
  onClose,
  afterClose,
}: {
  open: boolean;
  row: TTopup;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { message } = App.useApp();
  const detail = useQuery({ ...opsTopupQueryOptions(row.id), initialData: row, initialDataUpdatedAt: 0 });
  const topup = detail.data;
  const confirm = useConfirmTopup();
  const confirmKey = useIdempotencyKey();
  const rejectDialog = useDialogTarget<TTopup>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const isPending = topup.status === 'pending';

  const onConfirm = async () => {
    if (confirm.isPending) return;
    try {
      await confirm.mutateAsync({ id: topup.id, idempotencyKey: confirmKey });
    } catch {
      return; // the toast says why; 确认到账 again sends the same key
    } finally {
      setConfirmOpen(false);
    }
    void message.success(`已确认到账：${topup.companyName} ¥${formatFen(topup.amountFen)}`);
  };

  return (
    <Drawer
      open={open}
      title={
        <Space>
          <span>充值审核</span>
          <TopupStatusTag status={topup.status} />
        </Space>
      }
      size={1040}
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) afterClose?.();
      }}
      destroyOnHidden
      extra={
        isPending ? (
          <Space>
            <Button danger onClick={() => rejectDialog.open(topup)} disabled={confirm.isPending}>
              驳回
            </Button>
            <Popconfirm
              open={confirmOpen}
              onOpenChange={(next) => setConfirmOpen(next || confirm.isPending)}
              title="确认到账"
              description={
                <div style={{ maxWidth: 320 }}>
                  确认“{topup.companyName}”的充值 <b>¥{formatFen(topup.amountFen)}</b> 已到账？确认后记入其在“
                  {topup.serviceCompanyName}”的可用余额，不能撤销。
                </div>
              }
              okText="确认到账"
              cancelText="取消"
              okButtonProps={{ loading: confirm.isPending }}
              onConfirm={() => onConfirm()}
            >
              <Button type="primary" loading={confirm.isPending}>
                确认到账
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {topup.voucherReuses.length > 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="该转账凭证的内容此前已用于其他充值，请核实是否重复充值"
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {topup.voucherReuses.map((o) => (
                <li key={o.id}>
                  充值 #{o.id}：{o.companyName}，¥{formatFen(o.amountFen)}，{TOPUP_STATUS_LABELS[o.status]}，提交于{' '}
                  {formatDateTime(o.createdAt)}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Row gutter={24} wrap={false}>
        <Col flex="1 1 0" style={{ minWidth: 0 }}>
          <Typography.Title level={5}>转账凭证</Typography.Title>
          <VoucherPreview topupId={topup.id} />
        </Col>
        <Col flex="0 0 400px">
          <Statistic
            title="充值金额"
            value={`¥${formatFen(topup.amountFen)}`}
            styles={{ content: { fontSize: 36, fontWeight: 600, color: '#cf1322' } }}
          />
          <Descriptions column={1} size="small" style={{ marginTop: 24 }} bordered>
            <Descriptions.Item label="企业">{topup.companyName}</Descriptions.Item>
            <Descriptions.Item label="服务商">{topup.serviceCompanyName}</Descriptions.Item>
            <Descriptions.Item label="付款银行">{topup.payer.bank}</Descriptions.Item>
            <Descriptions.Item label="付款户名">{topup.payer.accountName}</Descriptions.Item>
            <Descriptions.Item label="付款账号">{topup.payer.accountNo}</Descriptions.Item>
            <Descriptions.Item label="备注">{topup.remark || '—'}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatDateTime(topup.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <TopupStatusTag status={topup.status} />
            </Descriptions.Item>
            {topup.decidedAt && (
              <Descriptions.Item label="处理时间">{formatDateTime(topup.decidedAt)}</Descriptions.Item>
            )}
            {topup.rejectReason && <Descriptions.Item label="驳回原因">{topup.rejectReason}</Descriptions.Item>}
          </Descriptions>
        </Col>
      </Row>
      {rejectDialog.target && <RejectModal topup={rejectDialog.target} {...rejectDialog.dialogProps} />}
    </Drawer>
  );
}
