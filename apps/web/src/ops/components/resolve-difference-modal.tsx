import {
  RECONCILE_DIFFERENCE_KIND_LABELS,
  RECONCILE_RESOLUTION_LABELS,
  RECONCILE_RESOLUTIONS,
  type TReconcileDifference,
  type TReconcileResolution,
} from '@flexpay/contract/web';
import { App, Form, Modal, Radio, Space } from 'antd';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { TrimmedTextArea } from '../../components/trimmed-text-area.tsx';
import { useResolveDifference } from '../api/reconcile.ts';
import { useIdempotencyKey } from '../lib/idempotency.ts';

const EXPLAIN: Record<TReconcileResolution, string> = {
  provider: '按对账单入账：发放状态随服务方结果改变，差额与企业结算（服务方付出而平台未发出的款项由平台承担）。',
  ours: '平台记录不变，挂账冲回；向服务方重新查询这笔（服务方没有的按原单号重新提交）。',
};

/**
 * 处理差异: which side is right and why. One idempotency key per opening of the dialog, so a
 * double click or a retry after a lost answer resolves once.
 */
export function ResolveDifferenceModal({
  open,
  difference,
  onClose,
  afterClose,
}: {
  open: boolean;
  difference: TReconcileDifference;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ resolution: TReconcileResolution; reason: string }>();
  const resolve = useResolveDifference();
  const idempotencyKey = useIdempotencyKey();
  const resolution = Form.useWatch('resolution', form);

  const onFinish = async (values: { resolution: TReconcileResolution; reason: string }) => {
    if (resolve.isPending) return;
    try {
      const done = await resolve.mutateAsync({
        id: difference.id,
        ...values,
        reason: values.reason.trim(),
        idempotencyKey,
      });
      void message.success(done.providerAnswer ? `已处理。${done.providerAnswer}` : '已处理');
    } catch (error) {
      applyFieldErrors(form, error, ['resolution', 'reason']);
      return;
    }
    onClose();
  };

  return (
    <Modal
      open={open}
      title={`处理对账差异：${RECONCILE_DIFFERENCE_KIND_LABELS[difference.kind]}`}
      okText="确定处理"
      okButtonProps={{ loading: resolve.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      width={560}
    >
      <p>
        订单号 {difference.ref}
        {difference.companyName
          ? `（${difference.companyName}${difference.holderName ? ` · ${difference.holderName}` : ''}）`
          : ''}
        。每次处理记一笔平衡的账并留下审计记录，处理后不能撤销。
      </p>
      <Form form={form} layout="vertical" onFinish={(values) => void onFinish(values)}>
        <Form.Item name="resolution" label="以哪一方为准" rules={[{ required: true, message: '请选择处理方式' }]}>
          <Radio.Group>
            <Space orientation="vertical">
              {RECONCILE_RESOLUTIONS.map((value) => (
                <Radio key={value} value={value}>
                  {RECONCILE_RESOLUTION_LABELS[value]}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </Form.Item>
        {resolution && <p style={{ marginTop: -8 }}>{EXPLAIN[resolution]}</p>}
        <Form.Item
          name="reason"
          label="处理原因"
          rules={[
            { required: true, whitespace: true, message: '请填写处理原因' },
            { min: 2, message: '处理原因至少 2 个字' },
            { max: 200, message: '处理原因最多 200 个字' },
          ]}
        >
          <TrimmedTextArea rows={3} maxLength={200} showCount placeholder="例如：已与服务方核实，以对账单为准" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
