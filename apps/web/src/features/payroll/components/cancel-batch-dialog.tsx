import type { TPayrollBatch } from '@flexpay/contract/web';
import { App, Form, Modal, Typography } from 'antd';
import { useCancelBatch } from '../api/cancel-batch.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

/** 取消 a batch with a reason (草稿, 核对中, 待确认 or 待支付). Render it while a batch is held. */
export function CancelBatchDialog({
  batch,
  open,
  onClose,
  afterClose,
}: {
  batch: TPayrollBatch;
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { message } = App.useApp();
  const cancel = useCancelBatch();
  const [form] = Form.useForm<{ reason: string }>();

  const onOk = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await cancel.mutateAsync({ id: batch.id, reason: values.reason });
      void message.success('批次已取消');
      onClose();
    } catch {
      // the request layer has shown why
    }
  };

  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={`取消批次“${batch.title}”`}
      okText="取消批次"
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText="返回"
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      {batch.status === 'approving' && (
        <Typography.Paragraph type="secondary">
          批次正在审批中：取消后审批随之结束，审批人不再看到它。
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[
            { required: true, whitespace: true, message: '请填写取消原因' },
            { max: 200, message: '最多 200 个字' },
          ]}
        >
          <TrimmedTextArea rows={3} placeholder="请填写取消原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
