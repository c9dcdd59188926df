import { screenPath } from '@flexpay/contract/web';
import { Button, Card, Progress, Result, Space, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBatch } from '../api/get-batch.ts';
import { invalidatePayroll } from '../api/invalidate-payroll.ts';
import { BatchSummary } from '../components/batch-summary.tsx';
import { FailedPayouts } from '../components/failed-payouts.tsx';
import { ItemsTable } from '../components/items-table.tsx';

/** 支付详情 (/EmolumentManagement/payRollDetail?id=): the items' payment, refreshed while it pays. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const batch = useBatch(id);
  const paying = batch.data?.status === 'paying';

  useEffect(() => {
    if (!paying) return;
    const timer = setInterval(() => void invalidatePayroll(queryClient), 2_000);
    return () => clearInterval(timer);
  }, [paying, queryClient]);

  if (batch.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!batch.data) return <Result status="404" title="发放批次不存在" />;
  const b = batch.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="支付详情"
        extra={
          <Space>
            {(b.status === 'completed' || b.status === 'partial') && (
              <Button onClick={() => void navigate(screenPath('emolumentReceiptDetails', { id: b.id }))}>
                回单详情
              </Button>
            )}
            {b.status === 'partial' && (
              <Button onClick={() => void navigate(screenPath('refundCenter'))}>退款中心</Button>
            )}
            <Button onClick={() => void navigate(screenPath('payRoll'))}>批量支付</Button>
          </Space>
        }
      >
        {paying && <Progress percent={99} status="active" showInfo={false} style={{ marginBottom: 16 }} />}
        <BatchSummary batch={b} />
      </Card>
      {b.status !== 'to_pay' && <FailedPayouts batch={b} />}
      <Card title="发放明细">
        <ItemsTable batch={b} editable={false} />
      </Card>
    </Space>
  );
}
