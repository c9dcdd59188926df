import type { TWorkerRow } from '@flexpay/contract/web';
import { App, DatePicker, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useLeaveWorker } from '../api/leave-worker.ts';
import { chinaToday } from '../../../lib/format-date-time.ts';

export interface TLeaveModalProps {
  open: boolean;
  worker: Pick<TWorkerRow, 'id' | 'name' | 'joinedAt'>;
  onClose: () => void;
  afterClose?: () => void;
}

/** 离职: the leaving date (today by default, not before the joining date). */
export function LeaveModal({ open, worker, onClose, afterClose }: TLeaveModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ leftAt: Dayjs | null }>();
  const leave = useLeaveWorker();
  const joinedAt = dayjs(worker.joinedAt);

  const onFinish = async ({ leftAt }: { leftAt: Dayjs | null }) => {
    if (leave.isPending || !leftAt) return;
    try {
      await leave.mutateAsync({ id: worker.id, leftAt: leftAt.format('YYYY-MM-DD') });
    } catch (error) {
      applyFieldErrors(form, error, ['leftAt']);
      return;
    }
    void message.success(`“${worker.name}”已离职`);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="办理离职"
      okText="确定离职"
      okButtonProps={{ danger: true, loading: leave.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      width={420}
    >
      <p>确定为“{worker.name}”办理离职吗？离职后可以恢复在职。</p>
      <Form form={form} initialValues={{ leftAt: chinaToday() }} onFinish={(values) => void onFinish(values)}>
        <Form.Item name="leftAt" label="离职日期" rules={[{ required: true, message: '请选择离职日期' }]}>
          <DatePicker
            placeholder="请选择离职日期"
            style={{ width: '100%' }}
            disabledDate={(date) => joinedAt.isValid() && date.isBefore(joinedAt, 'day')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
