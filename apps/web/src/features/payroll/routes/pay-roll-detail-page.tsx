import { API, apiPath, screenPath, type TPayProgress } from '@flexpay/contract/web';
import { Button, Card, Progress, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { QueryState } from '../../../components/load-state.tsx';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { invalidatePayroll } from '../api/invalidate-payroll.ts';
import { BatchSummary } from '../components/batch-summary.tsx';
import { FailedPayouts } from '../components/failed-payouts.tsx';
import { ItemsTable } from '../components/items-table.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

const REFRESH_MS = 2_000;
const count = (n: number) => n.toLocaleString('zh-CN');

/** 支付进度 of a batch (queued, at the provider, settled), refreshed while `paying`. */
function usePayProgress(id: number, paying: boolean) {
  return useQuery({
    queryKey: ['payroll', 'payProgress', id],
    queryFn: () => request<TPayProgress>('GET', apiPath(API.payroll.payProgress, { id })),
    enabled: paying && id > 0,
    refetchInterval: paying ? REFRESH_MS : false,
  });
}

/**
 * While 支付中: how many of the batch's payouts are queued, sent and settled out of the total (the
 * payment answers at once and queues its payouts afterwards, a chunk at a time).
 */
function PayProgress({ progress }: { progress: TPayProgress | undefined }) {
  if (!progress) return <Progress percent={0} status="active" style={{ marginBottom: 16 }} />;
  const { total, queued, submitted, succeeded, failed } = progress;
  const settled = succeeded + failed;
  const pct = (n: number) => (total > 0 ? Math.floor((n / total) * 1000) / 10 : 0);
  return (
    <div style={{ marginBottom: 16 }} aria-label="支付进度">
      <Progress
        percent={pct(settled)}
        success={{ percent: pct(succeeded) }}
        status="active"
        format={() => `${count(settled)} / ${count(total)}`}
      />
      <Typography.Text type="secondary">
        {queued < total ? `正在排队：已排队 ${count(queued)} / ${count(total)} 笔` : `已全部排队 ${count(total)} 笔`}
        {`，发送中 ${count(submitted)} 笔，已结算 ${count(settled)} 笔（成功 ${count(succeeded)}，失败 ${count(failed)}）`}
      </Typography.Text>
    </div>
  );
}

/** 支付详情 (/EmolumentManagement/payRollDetail?id=): the items' payment, refreshed while it pays. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  const paying = batch.data?.status === 'paying';
  const progress = usePayProgress(id, paying);

  useEffect(() => {
    if (!paying) return;
    const timer = setInterval(() => void invalidatePayroll(queryClient), REFRESH_MS);
    return () => clearInterval(timer);
  }, [paying, queryClient]);

  if (!batch.data)
    return (
      <QueryState
        query={batch}
        notFound="发放批次不存在"
        frame={['支付详情', '发放明细']}
        loadingLabel="正在加载发放批次…"
        extra={<Button onClick={() => void navigate(screenPath('payRoll'))}>返回批量支付</Button>}
      />
    );
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
        {paying && <PayProgress progress={progress.data} />}
        <BatchSummary batch={b} />
      </Card>
      {b.status !== 'to_pay' && <FailedPayouts batch={b} />}
      <Card title="发放明细">
        <ItemsTable batch={b} editable={false} />
      </Card>
    </Space>
  );
}
