import type { TAssignment } from '@flexpay/contract/web';
import { App, Form, InputNumber, Modal, Radio } from 'antd';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useReviewDelivery } from '../api/review-delivery.ts';
import { yuanToFen } from './task-format.tsx';

interface TReviewValues {
  pass: boolean;
  amountYuan: number | null;
  reason: string;
}

/**
 * 验收 a worker's latest delivery: 通过 (at the amount given, else the delivered quantity's or the
 * agreed amount) or 驳回 with a reason.
 */
export function ReviewDialog({
  assignment,
  open,
  onClose,
  afterClose,
}: {
  assignment: TAssignment;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TReviewValues>();
  const pass = Form.useWatch('pass', form) ?? true;
  const review = useReviewDelivery();
  const delivery = assignment.latestDelivery;

  const onOk = async () => {
    if (!delivery) return;
    const v = await form.validateFields();
    const amountFen = yuanToFen(v.amountYuan);
    await review.mutateAsync({
      deliveryId: delivery.id,
      body: v.pass ? { pass: true, ...(amountFen ? { amountFen } : {}) } : { pass: false, reason: v.reason },
    });
    void message.success(v.pass ? '验收通过' : '已驳回');
    onClose();
  };

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      destroyOnHidden
      title={`验收成果：${assignment.workerName}（第 ${delivery?.round ?? 1} 轮）`}
      okText={pass ? '验收通过' : '驳回'}
      okButtonProps={{ danger: !pass, loading: review.isPending }}
      onOk={() => void onOk().catch(() => undefined)}
      onCancel={onClose}
    >
      <Form<TReviewValues> form={form} layout="vertical" initialValues={{ pass: true, amountYuan: null, reason: '' }}>
        <Form.Item name="pass" label="验收结果">
          <Radio.Group
            options={[
              { value: true, label: '通过' },
              { value: false, label: '驳回' },
            ]}
          />
        </Form.Item>
        {pass ? (
          <Form.Item
            name="amountYuan"
            label="应付金额"
            extra={`不填按交付数量或约定金额（${formatMoney(assignment.agreedFen)}）计算`}
          >
            <InputNumber min={0.01} max={100_000_000} precision={2} prefix="¥" suffix="元" style={{ width: 220 }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="reason"
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: '请填写驳回原因' },
              { max: 200, message: '驳回原因最多 200 个字' },
            ]}
          >
            <TrimmedTextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
