import { isValidCreditCode, type TInvoiceInfo, type TInvoiceInfoBody } from '@flexpay/contract/web';
import { App, Checkbox, Form, Modal } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useSaveInvoiceInfo } from '../api/save-invoice-info.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';

const FIELDS = [
  'title',
  'taxNo',
  'addressPhone',
  'bankAccount',
  'recipient',
  'recipientPhone',
  'recipientAddress',
  'isDefault',
] as const;

/** 新增 / 编辑开票信息 in a dialog: the tax number is checked as a unified social credit code. */
export function InfoFormModal({
  open,
  info,
  onClose,
  onSaved,
}: {
  open: boolean;
  info?: TInvoiceInfo | undefined;
  onClose: () => void;
  onSaved?: (info: TInvoiceInfo) => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TInvoiceInfoBody>();
  const save = useSaveInvoiceInfo();
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || save.isPending) return;
    try {
      const saved = await save.mutateAsync({ id: info?.id, body: values });
      void message.success('开票信息已保存');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    }
  };
  return (
    <Modal
      open={open}
      title={info ? '编辑开票信息' : '新增开票信息'}
      okText="保存"
      onOk={() => void onOk()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={620}
    >
      <Form<TInvoiceInfoBody>
        form={form}
        labelCol={{ flex: '110px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={info ?? { isDefault: false }}
        preserve={false}
      >
        <Form.Item
          name="title"
          label="发票抬头"
          rules={[{ required: true, whitespace: true, message: '请输入发票抬头' }]}
        >
          <TrimmedInput maxLength={100} />
        </Form.Item>
        <Form.Item
          name="taxNo"
          label="纳税人识别号"
          normalize={(v: string) => v.toUpperCase()}
          rules={[
            { required: true, message: '请输入纳税人识别号' },
            {
              validator: (_, v: string | undefined) =>
                !v || isValidCreditCode(v.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error('纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入')),
            },
          ]}
        >
          <TrimmedInput maxLength={18} placeholder="18 位统一社会信用代码" />
        </Form.Item>
        <Form.Item name="addressPhone" label="地址电话" extra="开具专用发票时必填">
          <TrimmedInput maxLength={200} />
        </Form.Item>
        <Form.Item name="bankAccount" label="开户行及账号" extra="开具专用发票时必填">
          <TrimmedInput maxLength={200} />
        </Form.Item>
        <Form.Item
          name="recipient"
          label="收件人"
          rules={[{ required: true, whitespace: true, message: '请输入收件人' }]}
        >
          <TrimmedInput maxLength={50} />
        </Form.Item>
        <Form.Item
          name="recipientPhone"
          label="收件人电话"
          rules={[
            { required: true, message: '请输入收件人电话' },
            { pattern: /^[0-9+\- ]{7,20}$/, message: '收件人电话格式有误' },
          ]}
        >
          <TrimmedInput maxLength={20} />
        </Form.Item>
        <Form.Item
          name="recipientAddress"
          label="邮寄地址"
          rules={[{ required: true, whitespace: true, message: '请输入邮寄地址' }]}
        >
          <TrimmedInput maxLength={200} />
        </Form.Item>
        <Form.Item name="isDefault" label=" " colon={false} valuePropName="checked">
          <Checkbox>设为默认开票信息</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
