import type { TAgreementSendBody } from '@flexpay/contract/web';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useServiceCompanyOptions } from '../../../api/get-service-company-options.ts';
import { useSendAgreements } from '../api/send-agreements.ts';

export interface TSendAgreementModalProps {
  open: boolean;
  onClose: () => void;
  /** Called once the request was accepted (before onClose): a list clears its selection. */
  onSent?: () => void;
  /** Who: one worker or a selection (ids), or all matching the list's filter. */
  whom: Pick<TAgreementSendBody, 'workerIds' | 'filter'>;
  /** Said above the form: 向 张三 发起签约, 向符合当前筛选条件的员工发起签约… */
  description: string;
}

/**
 * 发起签约: the service company whose current agreement is sent. The job sends it to each 在职,
 * 已认证 worker who has not signed that version; the others are passed over.
 */
export function SendAgreementModal({ open, onClose, onSent, whom, description }: TSendAgreementModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ serviceCompanyId: number }>();
  const options = useServiceCompanyOptions();
  const send = useSendAgreements();

  const onOk = async () => {
    let serviceCompanyId: number;
    try {
      ({ serviceCompanyId } = await form.validateFields());
    } catch {
      return; // the form shows what is missing
    }
    try {
      await send.mutateAsync({ serviceCompanyId, ...whom });
    } catch {
      return; // the request layer has shown why
    }
    void message.success('已提交签约，短信将在后台发送');
    onSent?.();
    onClose();
  };

  return (
    <Modal
      title="发起签约"
      open={open}
      onCancel={onClose}
      onOk={() => void onOk()}
      okText="发起签约"
      confirmLoading={send.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        仅向在职且已实名认证、尚未签署该服务商当前版本协议的员工发送签约短信。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="serviceCompanyId" label="服务商" rules={[{ required: true, message: '请选择服务商' }]}>
          <Select
            placeholder="请选择服务商"
            loading={options.isPending}
            options={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
