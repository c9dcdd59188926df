import { ALIPAY_ACCOUNT_PATTERN, type TWorkerDetail } from '@flexpay/contract/web';
import { App, Checkbox, Form, Modal } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useCreateAlipay } from '../api/create-alipay.ts';
import { HolderNameItem } from './holder-name-item.tsx';

interface TAlipayValues {
  account?: string;
  isDefault: boolean;
}

const FIELDS = ['account', 'isDefault'] as const;

export interface TAlipayModalProps {
  open: boolean;
  worker: Pick<TWorkerDetail, 'id' | 'name' | 'hasDefaultAccount'>;
  onClose: () => void;
}

/** 添加支付宝 (TAlipayBody); the holder is the worker. */
export function AlipayModal({ open, worker, onClose }: TAlipayModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TAlipayValues>();
  const createAlipay = useCreateAlipay();

  const onFinish = async (values: TAlipayValues) => {
    if (createAlipay.isPending) return;
    try {
      await createAlipay.mutateAsync({
        workerId: worker.id,
        body: { account: (values.account ?? '').trim(), isDefault: values.isDefault },
      });
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
      return;
    }
    void message.success('支付宝账户已添加');
    onClose();
  };

  return (
    <Modal
      open={open}
      title="添加支付宝"
      okText="保存"
      okButtonProps={{ loading: createAlipay.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TAlipayValues>
        form={form}
        labelCol={{ flex: '90px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={{ isDefault: !worker.hasDefaultAccount }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="account"
          label="支付宝账号"
          rules={[
            { required: true, whitespace: true, message: '请输入支付宝账号' },
            { max: 100, message: '支付宝账号最多 100 个字符' },
            { pattern: ALIPAY_ACCOUNT_PATTERN, message: '支付宝账号应为手机号或邮箱' },
          ]}
        >
          <TrimmedInput placeholder="请输入支付宝账号（手机号或邮箱）" maxLength={100} autoComplete="off" />
        </Form.Item>
        <HolderNameItem label="账户姓名" name={worker.name} />
        <Form.Item name="isDefault" valuePropName="checked" label=" " colon={false}>
          <Checkbox>设为默认收款账户</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
