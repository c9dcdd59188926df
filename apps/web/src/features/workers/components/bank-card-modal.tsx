import { BANK_CARD_PATTERN, type TWorkerDetail } from '@flexpay/contract/web';
import { App, Checkbox, Form, Modal, Select } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useCreateBankCard } from '../api/create-bank-card.ts';
import { BANK_OPTIONS, normalizeCardNumber } from './bank-options.ts';
import { HolderNameItem } from './holder-name-item.tsx';

interface TBankCardValues {
  bankCode?: string;
  cardNumber?: string;
  branch?: string;
  isDefault: boolean;
}

const FIELDS = ['bankCode', 'cardNumber', 'branch', 'isDefault'] as const;

export interface TBankCardModalProps {
  open: boolean;
  worker: Pick<TWorkerDetail, 'id' | 'name' | 'hasDefaultAccount'>;
  onClose: () => void;
}

/** 添加银行卡 (TBankCardBody); the holder is the worker. */
export function BankCardModal({ open, worker, onClose }: TBankCardModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TBankCardValues>();
  const createBankCard = useCreateBankCard();

  const onFinish = async (values: TBankCardValues) => {
    if (createBankCard.isPending) return;
    try {
      await createBankCard.mutateAsync({
        workerId: worker.id,
        body: {
          bankCode: values.bankCode ?? '',
          cardNumber: normalizeCardNumber(values.cardNumber) ?? '',
          branch: (values.branch ?? '').trim(),
          isDefault: values.isDefault,
        },
      });
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
      return;
    }
    void message.success('银行卡已添加');
    onClose();
  };

  return (
    <Modal
      open={open}
      title="添加银行卡"
      okText="保存"
      okButtonProps={{ loading: createBankCard.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TBankCardValues>
        form={form}
        labelCol={{ flex: '90px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={{ branch: '', isDefault: !worker.hasDefaultAccount }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item name="bankCode" label="开户银行" rules={[{ required: true, message: '请选择开户银行' }]}>
          <Select placeholder="请选择开户银行" showSearch={{ optionFilterProp: 'label' }} options={BANK_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="cardNumber"
          label="银行卡号"
          normalize={normalizeCardNumber}
          rules={[
            { required: true, message: '请输入银行卡号' },
            { pattern: BANK_CARD_PATTERN, message: '卡号应为 16-19 位数字' },
          ]}
        >
          <TrimmedInput placeholder="请输入银行卡号" maxLength={19} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="branch" label="开户支行" rules={[{ max: 100, message: '开户支行最多 100 个字符' }]}>
          <TrimmedInput placeholder="请输入开户支行（选填）" maxLength={100} />
        </Form.Item>
        <HolderNameItem label="持卡人" name={worker.name} />
        <Form.Item name="isDefault" valuePropName="checked" label=" " colon={false}>
          <Checkbox>设为默认收款账户</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
