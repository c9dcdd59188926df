import { Code, screenPath, type TCostRule, type TPaymentAccount } from '@flexpay/contract/web';
import { App, Alert, Button, Card, Descriptions, Form, Result, Select, Space, Spin, Typography } from 'antd';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { isApiError } from '../../../lib/request.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useCreateTopup } from '../api/create-topup.ts';
import { useCostRules } from '../../../api/get-cost-rules.ts';
import { usePaymentAccounts } from '../api/get-payment-accounts.ts';
import { maskAccountNo } from '../components/money-format.tsx';
import { useIdempotencyKey } from '../components/use-idempotency-key.ts';
import { VoucherUpload } from '../components/voucher-upload.tsx';
import { parseYuan, topupAmountError } from '../components/yuan.ts';
import { MONEY_ELEMENTS } from '../elements.ts';

interface TTopupValues {
  serviceCompanyId?: number;
  amount?: string;
  paymentAccountId?: number;
  voucherFileId?: string;
  remark: string;
}

/** Server field names -> form field names. */
const FIELDS = {
  serviceCompanyId: 'serviceCompanyId',
  amountFen: 'amount',
  paymentAccountId: 'paymentAccountId',
  voucherFileId: 'voucherFileId',
  remark: 'remark',
} as const;

const accountLabel = (a: TPaymentAccount) =>
  `${a.bank} ${maskAccountNo(a.accountNo)}（${a.accountName}）${a.isDefault ? ' 默认' : ''}`;

function ReceivingBank({ rule }: { rule: TCostRule }) {
  const { bankName, accountName, accountNo } = rule.receivingBank;
  const all = `户名：${accountName}\n账号：${accountNo}\n开户行：${bankName}`;
  return (
    <Alert
      type="info"
      showIcon
      message={
        <Space>
          请先向以下账户转账，再上传转账凭证
          <Typography.Text copyable={{ text: all, tooltips: ['复制全部', '已复制'] }} />
        </Space>
      }
      description={
        <Descriptions size="small" column={1} data-testid="receiving-bank">
          <Descriptions.Item label="收款户名">
            <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{accountName}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="收款账号">
            <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{accountNo}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="开户银行">
            <Typography.Text copyable={{ tooltips: ['复制', '已复制'] }}>{bankName}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      }
    />
  );
}

/** 账户充值 (/moneyManagement/addMoney): registers a transfer already made, for the platform to confirm. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<TTopupValues>();
  const costRules = useCostRules();
  const accounts = usePaymentAccounts();
  const createTopup = useCreateTopup();
  const idempotency = useIdempotencyKey();
  const canAddAccount = useHasElement(MONEY_ELEMENTS.account);
  const isSubmittingRef = useRef(false);
  const serviceCompanyId = Form.useWatch('serviceCompanyId', form);

  const rules = (costRules.data ?? []).filter((rule) => rule.enabled);
  const selectedRule = rules.find((rule) => rule.serviceCompanyId === serviceCompanyId);
  const defaultAccount = accounts.data?.find((a) => a.isDefault);

  const onFinish = async (values: TTopupValues) => {
    if (createTopup.isPending || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      const created = await createTopup.mutateAsync({
        idempotencyKey: idempotency.key,
        body: {
          serviceCompanyId: values.serviceCompanyId ?? 0,
          amountFen: parseYuan(values.amount) ?? 0,
          paymentAccountId: values.paymentAccountId ?? 0,
          voucherFileId: values.voucherFileId ?? '',
          remark: values.remark.trim(),
        },
      });
      void message.success(
        created.status === 'approving' ? '充值申请已提交，等待公司内部审批' : '充值申请已提交，等待平台确认',
      );
      await navigate(screenPath('listMoney', { tab: 'topups' }));
    } catch (error) {
      // The key went with other content before (an earlier try may have gone through): a new intent.
      if (isApiError(error) && error.status === Code.CONFLICT) idempotency.renew();
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };

  if (costRules.isPending || accounts.isPending) {
    return (
      <Card>
        <Spin description="正在加载…">
          <div style={{ height: 240 }} />
        </Spin>
      </Card>
    );
  }
  if (costRules.isError || accounts.isError) {
    return (
      <Card>
        <Result
          status="error"
          title="充值信息加载失败"
          subTitle="服务商或付款账户未能加载，请重试。"
          extra={
            <Button
              onClick={() => {
                void costRules.refetch();
                void accounts.refetch();
              }}
            >
              重新加载
            </Button>
          }
        />
      </Card>
    );
  }
  if (rules.length === 0) {
    return (
      <Card>
        <Result status="info" title="暂无可充值的服务商" subTitle="企业签约服务商后才能充值，请联系平台运营。" />
      </Card>
    );
  }

  return (
    <Card>
      <Form<TTopupValues>
        form={form}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 720 }}
        initialValues={{
          serviceCompanyId: rules.length === 1 ? rules[0]?.serviceCompanyId : undefined,
          paymentAccountId: defaultAccount?.id,
          remark: '',
        }}
        onFinish={(values) => void onFinish(values)}
        scrollToFirstError
      >
        <Form.Item name="serviceCompanyId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <Select
            placeholder="请选择充值的服务商"
            options={rules.map((rule) => ({ value: rule.serviceCompanyId, label: rule.serviceCompanyName }))}
          />
        </Form.Item>
        {selectedRule && (
          <Form.Item label="收款账户">
            <ReceivingBank rule={selectedRule} />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label="充值金额"
          extra="单位：元，最多 2 位小数，单笔不超过 1 亿元"
          rules={[
            {
              required: true,
              validator: (_, value: string | undefined) => {
                const error = topupAmountError(value);
                return error ? Promise.reject(new Error(error)) : Promise.resolve();
              },
            },
          ]}
        >
          <TrimmedInput prefix="¥" placeholder="请输入转账金额" maxLength={16} inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="paymentAccountId"
          label="付款账户"
          rules={[{ required: true, message: '请选择付款账户' }]}
          extra={
            accounts.data.length === 0 ? (
              canAddAccount ? (
                <span>
                  暂无付款账户，<Link to={screenPath('addAccount')}>去添加付款账户</Link>
                </span>
              ) : (
                '暂无付款账户，请联系有权限的管理员添加'
              )
            ) : (
              '转出这笔款项的企业银行账户'
            )
          }
        >
          <Select
            placeholder="请选择付款账户"
            options={accounts.data.map((a) => ({ value: a.id, label: accountLabel(a) }))}
            notFoundContent="暂无付款账户"
          />
        </Form.Item>
        <Form.Item
          name="voucherFileId"
          label="转账凭证"
          extra="转账回单的截图或 PDF，PNG、JPG、PDF，不超过 10 MB"
          rules={[{ required: true, message: '请上传转账凭证' }]}
        >
          <VoucherUpload />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 个字' }]}>
          <TrimmedInput placeholder="选填，如用途说明" maxLength={200} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={createTopup.isPending}>
              提交充值申请
            </Button>
            <Button onClick={() => void navigate(screenPath('listMoney'))}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
