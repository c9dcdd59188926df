import type { TTopup } from '@flexpay/contract/web';
import { App, Form, Modal } from 'antd';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { useRejectTopup } from '../api/topups.ts';
import { useIdempotencyKey } from '../lib/idempotency.ts';
import { formatFen } from '../lib/money-input.ts';
import { TrimmedTextArea } from '../../components/trimmed-text-area.tsx';

/**
 * 驳回: a required reason. One idempotency key per opening of the dialog (it is destroyed when
 * hidden), so a double click or a retry after a lost answer rejects once.
 */
export function RejectModal({
  open,
  topup,
  onClose,
  afterClose,
  onDone,
}: {
  open: boolean;
  topup: TTopup;
  onClose: () => void;
  afterClose?: () => void;
  onDone?: (topup: TTopup) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectTopup();
  const idempotencyKey = useIdempotencyKey();

  const onFinish = async ({ reason }: { reason: string }) => {
    if (reject.isPending) return;
    let done: TTopup;
    try {
      done = await reject.mutateAsync({ id: topup.id, reason: reason.trim(), idempotencyKey });
    } catch (error) {
      applyFieldErrors(form, error, ['reason']);
      return;
    }
    void message.success('已驳回');
    onDone?.(done);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="驳回充值"
      okText="确定驳回"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      width={480}
    >
      <p>
        驳回“{topup.companyName}”的充值 ¥{formatFen(topup.amountFen)}（{topup.serviceCompanyName}
        ）？驳回不动资金，企业会看到驳回原因。
      </p>
      <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
        <Form.Item
          name="reason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 200, message: '驳回原因最多 200 个字' },
          ]}
        >
          <TrimmedTextArea rows={3} maxLength={200} showCount placeholder="例如：凭证金额与充值金额不符" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
