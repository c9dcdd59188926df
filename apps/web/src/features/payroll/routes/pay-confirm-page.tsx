import { FEE_BEARER_LABELS, screenPath, type TPayBody } from '@flexpay/contract/web';
import { Alert, App, Button, Card, Descriptions, Form, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { BusinessError, isApiError } from '../../../lib/request.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useBalances } from '../../../api/get-balances.ts';
import { QueryState } from '../../../components/load-state.tsx';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useBatch } from '../api/get-batch.ts';
import { usePayBatch } from '../api/pay-batch.ts';
import { PayCodeField, payCodeError } from '../components/pay-code-form.tsx';
import { formatRate } from '../components/payroll-format.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

const newKey = () => `web-${crypto.randomUUID()}`;

/** 支付确认 (/EmolumentManagement/payConfirm?id=): the totals, the balance, the code, then pay. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const id = useIdParam() ?? 0; // 0: no batch, its reads stay idle
  const batch = useBatch(id);
  useTabDetail(batch.data?.title);
  const canSeeBalance = useHasElement('money:view');
  const balances = useBalances(canSeeBalance);
  const pay = usePayBatch();
  const [body, setBody] = useState<TPayBody>();
  const [codeError, setCodeError] = useState<string>();
  const onCode = useCallback((b: TPayBody | undefined) => {
    setBody(b);
    setCodeError(undefined);
  }, []);
  // One key per intent: a second click or a retry after a timeout is the same payment.
  const [key] = useState(newKey);
  const [problem, setProblem] = useState<string>();

  if (!batch.data)
    return (
      <QueryState
        query={batch}
        notFound="发放批次不存在"
        frame={['支付确认']}
        loadingLabel="正在加载发放批次…"
        extra={<Button onClick={() => void navigate(screenPath('payRoll'))}>返回批量支付</Button>}
      />
    );
  const b = batch.data;
  const available = balances.data?.find((x) => x.serviceCompanyId === b.serviceCompanyId)?.availableFen;

  const onPay = async () => {
    if (!body) return;
    setProblem(undefined);
    setCodeError(undefined);
    try {
      await pay.mutateAsync({ id: b.id, body, key });
      void message.success('已确认支付，正在发放');
      await navigate(screenPath('payRollDetail', { id: b.id }));
    } catch (error) {
      // A wrong or expired code goes to the code field; a business code (余额不足) and any other
      // refusal left to this form are said above it. The request layer toasted the rest.
      const atCode = payCodeError(error);
      if (atCode) setCodeError(atCode);
      else if (isApiError(error) && (error instanceof BusinessError || error.isLeftToForm)) setProblem(error.message);
    }
  };

  return (
    <Card title="支付确认">
      <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 900 }}>
        {b.status !== 'to_pay' && (
          <Alert
            type="info"
            showIcon
            title="该批次不是待支付状态"
            action={
              <Button size="small" onClick={() => void navigate(screenPath('payRollDetail', { id: b.id }))}>
                支付详情
              </Button>
            }
          />
        )}
        <Descriptions bordered column={2}>
          <Descriptions.Item label="批次">{`${b.batchNo} ${b.title}`}</Descriptions.Item>
          <Descriptions.Item label="服务商">{b.serviceCompanyName}</Descriptions.Item>
          <Descriptions.Item label="发放人数">{b.itemCount} 人</Descriptions.Item>
          <Descriptions.Item label="实发合计">{formatMoney(b.netFen)}</Descriptions.Item>
          <Descriptions.Item label="服务费">
            {formatMoney(b.feeFen)}（{formatRate(b.feeRateBp)}，{b.feeBearer ? FEE_BEARER_LABELS[b.feeBearer] : '-'}）
          </Descriptions.Item>
          <Descriptions.Item label="扣款合计">
            <Typography.Text strong style={{ fontSize: 16 }}>
              {formatMoney(b.debitFen)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="可用余额">
            {available === undefined ? '-' : formatMoney(available)}
          </Descriptions.Item>
        </Descriptions>
        {available !== undefined && available < b.debitFen && (
          <Alert type="error" showIcon title={`可用余额不足，还差 ${formatMoney(b.debitFen - available)}，请先充值`} />
        )}
        {problem && <Alert type="error" showIcon title={problem} />}
        <Form layout="vertical">
          <PayCodeField onChange={onCode} error={codeError} />
        </Form>
        <Space>
          <Button
            type="primary"
            disabled={!body || b.status !== 'to_pay'}
            loading={pay.isPending}
            onClick={() => void onPay()}
          >
            确认支付 {formatMoney(b.debitFen)}
          </Button>
          <Button onClick={() => void navigate(screenPath('payRoll'))}>返回</Button>
        </Space>
      </Space>
    </Card>
  );
}
