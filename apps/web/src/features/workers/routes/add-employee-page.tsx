import {
  ALIPAY_ACCOUNT_PATTERN,
  BANK_CARD_PATTERN,
  PAYOUT_CHANNEL_LABELS,
  screenPath,
  type TCreateWorkerBody,
} from '@flexpay/contract/web';
import { App, Button, Card, Divider, Form, Radio, Select, Space } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { applyFieldErrors, type TFieldPath } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useCreateWorker } from '../api/create-worker.ts';
import { BANK_OPTIONS, normalizeCardNumber } from '../components/bank-options.ts';
import { HolderNameItem } from '../components/holder-name-item.tsx';
import {
  WORKER_BASIC_FIELDS,
  WorkerBasicFields,
  toWorkerBasicBody,
  type TWorkerBasicValues,
} from '../components/worker-basic-fields.tsx';
import { chinaToday } from '../../../lib/format-date-time.ts';

type TAccountType = 'bank' | 'alipay' | 'none';

interface TAddWorkerValues extends TWorkerBasicValues {
  accountType: TAccountType;
  bankCard?: { bankCode?: string; cardNumber?: string; branch?: string };
  alipay?: { account?: string };
}

/** The fields the server may name in a 40000 answer, as form names. */
const FIELDS: readonly TFieldPath[] = [
  ...WORKER_BASIC_FIELDS,
  ['bankCard', 'bankCode'],
  ['bankCard', 'cardNumber'],
  ['bankCard', 'branch'],
  ['alipay', 'account'],
];

const ACCOUNT_TYPE_OPTIONS: { value: TAccountType; label: string }[] = [
  { value: 'bank', label: PAYOUT_CHANNEL_LABELS.bank },
  { value: 'alipay', label: PAYOUT_CHANNEL_LABELS.alipay },
  { value: 'none', label: '暂不添加' },
];

function toBody(values: TAddWorkerValues): TCreateWorkerBody {
  const body: TCreateWorkerBody = { ...toWorkerBasicBody(values), idNumber: values.idNumber.trim().toUpperCase() };
  if (values.accountType === 'bank') {
    body.bankCard = {
      bankCode: values.bankCard?.bankCode ?? '',
      cardNumber: normalizeCardNumber(values.bankCard?.cardNumber) ?? '',
      branch: (values.bankCard?.branch ?? '').trim(),
    };
  } else if (values.accountType === 'alipay') {
    body.alipay = { account: (values.alipay?.account ?? '').trim() };
  }
  return body;
}

/** 添加员工 (/EmployeeManagement/addEmployee). */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const createWorker = useCreateWorker();
  const [form] = Form.useForm<TAddWorkerValues>();
  const accountType = Form.useWatch('accountType', form);
  const name = Form.useWatch('name', form);
  // A second click can come before the pending state renders.
  const isSubmittingRef = useRef(false);

  const onFinish = async (values: TAddWorkerValues) => {
    if (createWorker.isPending || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      const created = await createWorker.mutateAsync(toBody(values));
      void message.success('员工已添加');
      await navigate(screenPath('detailEmployee', { id: created.id }));
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };

  return (
    <Card>
      <Form<TAddWorkerValues>
        form={form}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 720 }}
        initialValues={{ accountType: 'bank', joinedAt: chinaToday(), remark: '', bankCard: { branch: '' } }}
        onFinish={(values) => void onFinish(values)}
        scrollToFirstError
      >
        <Divider titlePlacement="start">基本信息</Divider>
        <WorkerBasicFields idNumberHint="性别和出生日期将根据身份证号自动识别" />

        <Divider titlePlacement="start">收款账户</Divider>
        <Form.Item
          name="accountType"
          label="账户类型"
          extra="员工须有默认收款账户才能发放薪酬，添加的账户将设为默认账户"
        >
          <Radio.Group options={ACCOUNT_TYPE_OPTIONS} />
        </Form.Item>
        {accountType === 'bank' && (
          <>
            <Form.Item
              name={['bankCard', 'bankCode']}
              label="开户银行"
              rules={[{ required: true, message: '请选择开户银行' }]}
            >
              <Select placeholder="请选择开户银行" showSearch={{ optionFilterProp: 'label' }} options={BANK_OPTIONS} />
            </Form.Item>
            <Form.Item
              name={['bankCard', 'cardNumber']}
              label="银行卡号"
              normalize={normalizeCardNumber}
              rules={[
                { required: true, message: '请输入银行卡号' },
                { pattern: BANK_CARD_PATTERN, message: '卡号应为 16-19 位数字' },
              ]}
            >
              <TrimmedInput placeholder="请输入银行卡号" maxLength={19} inputMode="numeric" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={['bankCard', 'branch']}
              label="开户支行"
              rules={[{ max: 100, message: '开户支行最多 100 个字符' }]}
            >
              <TrimmedInput placeholder="请输入开户支行（选填）" maxLength={100} />
            </Form.Item>
            <HolderNameItem label="持卡人" name={name} />
          </>
        )}
        {accountType === 'alipay' && (
          <>
            <Form.Item
              name={['alipay', 'account']}
              label="支付宝账号"
              rules={[
                { required: true, whitespace: true, message: '请输入支付宝账号' },
                { max: 100, message: '支付宝账号最多 100 个字符' },
                { pattern: ALIPAY_ACCOUNT_PATTERN, message: '支付宝账号应为手机号或邮箱' },
              ]}
            >
              <TrimmedInput placeholder="请输入支付宝账号（手机号或邮箱）" maxLength={100} autoComplete="off" />
            </Form.Item>
            <HolderNameItem label="账户姓名" name={name} />
          </>
        )}

        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={createWorker.isPending}>
              保存
            </Button>
            <Button onClick={() => void navigate(screenPath('listEmployee'))}>取消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
