import { type TAssignment } from '@flexpay/contract/web';
import { App, Form, InputNumber, Modal } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSetAgreedAmount } from '../api/set-agreed-amount.ts';
import { fenToYuan, yuanToFen } from './task-format.tsx';

/**
 * 修改约定金额 of one worker: what the worker is paid once the results pass, changed before any
 * delivery; the server keeps the task's amounts within its budget and says so at the field.
 */
export function AgreedAmountDialog({ assignment: a, onClose }: { assignment: TAssignment; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ amount: number | null }>();
  const save = useSetAgreedAmount();
  const onSave = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await save.mutateAsync({ id: a.id, body: { agreedFen: yuanToFen(values.amount) ?? 0 } });
      void message.success('约定金额已修改');
      onClose();
    } catch (error) {
      applyFieldErrors(form, error, { agreedFen: 'amount' });
    }
  };
  return (
    <Modal
      open
      title={`修改约定金额：${a.workerName}`}
      okText="保存"
      okButtonProps={{ loading: save.isPending }}
      onOk={() => void onSave()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ amount: fenToYuan(a.agreedFen) }}>
        <Form.Item
          name="amount"
          label="约定金额（元）"
          extra={`当前 ${formatMoney(a.agreedFen)}，成果验收通过后按此金额发放`}
          rules={[{ required: true, message: '请输入约定金额' }]}
        >
          <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
