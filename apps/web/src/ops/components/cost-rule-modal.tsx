import {
  FEE_BEARER_LABELS,
  FEE_BEARERS,
  INVOICE_TYPE_LABELS,
  INVOICE_TYPES,
  type TCostRule,
  type TCostRuleBody,
  type TFeeBearer,
  type TInvoiceType,
} from '@flexpay/contract/web';
import { App, Col, Form, Modal, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { applyFieldErrors } from '../../components/apply-field-errors.ts';
import { useUpdateCostRule } from '../api/companies.ts';
import { bpToPercent, fenToYuan, percentToBp, yuanToFen } from '../lib/money-input.ts';
import { TrimmedInput } from '../../components/trimmed-input.tsx';

/** The form's values: rates and amounts as the operator types them (percent, yuan). */
export interface TCostRuleForm {
  feeRate: string;
  feeBearer: TFeeBearer;
  monthlyLimit: string;
  singleMin: string;
  singleMax: string;
  invoiceType: TInvoiceType;
  invoiceContents: string[];
  enabled: boolean;
  /** 仅向已实名认证并已签约的员工发放 (issue 43). */
  payVerifiedOnly: boolean;
}

export function costRuleToForm(rule: TCostRule): TCostRuleForm {
  return {
    feeRate: bpToPercent(rule.feeRateBp),
    feeBearer: rule.feeBearer,
    monthlyLimit: fenToYuan(rule.monthlyLimitFen),
    singleMin: fenToYuan(rule.singleMinFen),
    singleMax: fenToYuan(rule.singleMaxFen),
    invoiceType: rule.invoiceType,
    invoiceContents: [...rule.invoiceContents],
    enabled: rule.enabled,
    payVerifiedOnly: rule.payVerifiedOnly,
  };
}

/** The body of PUT cost rule: percent to basis points, yuan to fen (the form has validated the text). */
export function formToCostRuleBody(form: TCostRuleForm): TCostRuleBody {
  return {
    feeRateBp: percentToBp(form.feeRate) ?? Number.NaN,
    feeBearer: form.feeBearer,
    monthlyLimitFen: yuanToFen(form.monthlyLimit) ?? Number.NaN,
    singleMinFen: yuanToFen(form.singleMin) ?? Number.NaN,
    singleMaxFen: yuanToFen(form.singleMax) ?? Number.NaN,
    invoiceType: form.invoiceType,
    invoiceContents: form.invoiceContents.map((c) => c.trim()).filter((c) => c !== ''),
    enabled: form.enabled,
    payVerifiedOnly: form.payVerifiedOnly,
  };
}

/** The server's field names on the form's fields. */
const SERVER_FIELDS = {
  feeRateBp: 'feeRate',
  feeBearer: 'feeBearer',
  monthlyLimitFen: 'monthlyLimit',
  singleMinFen: 'singleMin',
  singleMaxFen: 'singleMax',
  invoiceType: 'invoiceType',
  invoiceContents: 'invoiceContents',
  enabled: 'enabled',
  payVerifiedOnly: 'payVerifiedOnly',
} as const;

const yuanRule = (label: string): Rule => ({
  validator: async (_, value: string | undefined) => {
    if (!value || value.trim() === '') throw new Error(`请输入${label}`);
    const fen = yuanToFen(value);
    if (fen === undefined) throw new Error(`${label}应为金额，最多 2 位小数`);
    if (fen < 1) throw new Error(`${label}必须大于 0`);
  },
});

export function CostRuleModal({
  open,
  companyId,
  companyName,
  rule,
  onClose,
  afterClose,
}: {
  open: boolean;
  companyId: number;
  companyName: string;
  rule: TCostRule;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TCostRuleForm>();
  const update = useUpdateCostRule();

  const onFinish = async (values: TCostRuleForm) => {
    if (update.isPending) return;
    try {
      await update.mutateAsync({
        companyId,
        serviceCompanyId: rule.serviceCompanyId,
        body: formToCostRuleBody(values),
      });
    } catch (error) {
      applyFieldErrors(form, error, SERVER_FIELDS);
      return;
    }
    void message.success('费用规则已保存');
    onClose();
  };

  return (
    <Modal
      open={open}
      title="编辑费用规则"
      okText="保存"
      okButtonProps={{ loading: update.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
      width={640}
    >
      <p style={{ color: 'rgba(0,0,0,0.65)' }}>
        {companyName} · {rule.serviceCompanyName}
      </p>
      <Form<TCostRuleForm>
        form={form}
        layout="vertical"
        initialValues={costRuleToForm(rule)}
        onFinish={(values) => void onFinish(values)}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="feeRate"
              label="服务费率"
              required
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    if (!value || value.trim() === '') throw new Error('请输入服务费率');
                    if (percentToBp(value) === undefined) throw new Error('服务费率应在 0 到 100 之间，最多 2 位小数');
                  },
                },
              ]}
            >
              <TrimmedInput suffix="%" placeholder="例如 6.50" maxLength={6} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="feeBearer" label="费用承担方" rules={[{ required: true, message: '请选择费用承担方' }]}>
              <Select options={FEE_BEARERS.map((value) => ({ value, label: FEE_BEARER_LABELS[value] }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="monthlyLimit" required label="每人每月限额" rules={[yuanRule('每人每月限额')]}>
              <TrimmedInput suffix="元" maxLength={18} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch checkedChildren="启用" unCheckedChildren="停用" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="payVerifiedOnly"
              label="仅向已实名认证并已签约的员工发放"
              valuePropName="checked"
              extra="开启后，核对时拒绝未实名认证、认证失败或未签署该服务商当前合作协议的员工。"
            >
              <Switch checkedChildren="开启" unCheckedChildren="关闭" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="singleMin" required label="单笔最低" rules={[yuanRule('单笔最低金额')]}>
              <TrimmedInput suffix="元" maxLength={18} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="singleMax"
              label="单笔最高"
              required
              dependencies={['singleMin']}
              rules={[
                yuanRule('单笔最高金额'),
                ({ getFieldValue }) => ({
                  validator: async (_, value: string | undefined) => {
                    const max = yuanToFen(value ?? '');
                    const min = yuanToFen(String(getFieldValue('singleMin') ?? ''));
                    if (max !== undefined && min !== undefined && max < min) {
                      throw new Error('单笔最高金额不能小于单笔最低金额');
                    }
                  },
                }),
              ]}
            >
              <TrimmedInput suffix="元" maxLength={18} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="invoiceType" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
              <Select options={INVOICE_TYPES.map((value) => ({ value, label: INVOICE_TYPE_LABELS[value] }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="invoiceContents"
              label="开票内容"
              rules={[
                { type: 'array', max: 20, message: '开票内容最多 20 项' },
                {
                  validator: async (_, value: string[] | undefined) => {
                    if ((value ?? []).some((c) => c.trim().length > 50)) throw new Error('开票内容最多 50 个字');
                  },
                },
              ]}
            >
              <Select mode="tags" placeholder="输入后回车添加" open={false} suffixIcon={null} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
