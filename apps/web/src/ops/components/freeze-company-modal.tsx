import type { TOpsCompany } from '@flexpay/contract/web';
import { Alert, App, Form, Modal } from 'antd';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { TrimmedTextArea } from '../../components/trimmed-text-area.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useSetCompanyFrozen } from '../api/companies.ts';

/**
 * 冻结 / 解冻 a company, confirmed in a dialog: freezing needs a reason (kept with the company
 * and in the audit); a frozen company can still sign in and read but cannot pay.
 */
export function FreezeCompanyModal({
  open,
  company,
  onClose,
  afterClose,
}: {
  open: boolean;
  company: TOpsCompany;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const mutation = useSetCompanyFrozen();
  const freezing = company.status !== 'frozen';
  const action = freezing ? '冻结' : '解冻';

  const onFinish = async ({ reason }: { reason?: string }) => {
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync({ id: company.id, frozen: freezing, reason: (reason ?? '').trim() });
    } catch (error) {
      applyFieldErrors(form, error, ['reason']);
      return;
    }
    void message.success(`已${action}“${company.name}”`);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`${action}企业`}
      okText={`确定${action}`}
      okButtonProps={{ danger: freezing, loading: mutation.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      width={500}
    >
      {freezing ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`冻结“${company.name}”？`}
          description="冻结后该企业仍可登录和查看，但不能支付（确认支付、重新支付会被拒绝），直到解冻。"
        />
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`解冻“${company.name}”？`}
          description={`冻结原因：${company.frozenReason ?? '—'}${
            company.frozenAt ? `（${formatDateTime(company.frozenAt)} 冻结）` : ''
          }。解冻后该企业恢复支付。`}
        />
      )}
      <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
        <Form.Item
          name="reason"
          label={freezing ? '冻结原因' : '解冻说明'}
          rules={[
            ...(freezing ? [{ required: true, whitespace: true, message: '请填写冻结原因' }] : []),
            { max: 200, message: `${freezing ? '冻结原因' : '解冻说明'}最多 200 个字` },
          ]}
        >
          <TrimmedTextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder={freezing ? '例如：对公账户核查中' : '选填，例如：核查完毕'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
