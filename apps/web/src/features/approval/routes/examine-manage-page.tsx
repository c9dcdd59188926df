import {
  APPROVAL_MAX_STEPS,
  APPROVAL_STEP_MODE_LABELS,
  APPROVAL_STEP_MODES,
  APPROVAL_TYPE_LABELS,
  APPROVAL_TYPES,
  type TApprovalStepMode,
  type TApprovalType,
} from '@flexpay/contract/web';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { useFlow } from '../api/get-flow.ts';
import { useFlowOptions } from '../api/get-flow-options.ts';
import { useSaveFlow } from '../api/save-flow.ts';

interface TStepForm {
  mode: TApprovalStepMode;
  by: 'role' | 'admins';
  roleId?: number | null;
  adminIds?: number[];
}
interface TFlowForm {
  enabled: boolean;
  threshold: number;
  steps: TStepForm[];
}

const DESCRIPTIONS: Record<TApprovalType, string> = {
  payroll: '发放批次核对确认后，扣款合计达到门槛的须依次经过以下步骤审批，通过后方可支付。',
  invoice: '开票申请金额达到门槛的须依次经过以下步骤审批。',
  topup: '充值金额达到门槛的须先经企业内部审批，通过后才提交平台确认到账。',
};

function FlowEditor({ type }: { type: TApprovalType }) {
  const { message } = App.useApp();
  const flow = useFlow(type);
  const options = useFlowOptions();
  const save = useSaveFlow(type);
  const [form] = Form.useForm<TFlowForm>();

  if (flow.isPending || !flow.data) return <Spin style={{ display: 'block', margin: 32 }} />;
  const saved = flow.data;
  const initialValues: TFlowForm = {
    enabled: saved.configured ? saved.enabled : true,
    threshold: saved.thresholdFen / 100,
    steps: saved.steps.length
      ? saved.steps.map((s) => ({
          mode: s.mode,
          by: s.roleId !== null ? 'role' : 'admins',
          roleId: s.roleId,
          adminIds: s.adminIds,
        }))
      : [{ mode: 'any', by: 'role' }],
  };

  const onFinish = async (values: TFlowForm) => {
    try {
      await save.mutateAsync({
        enabled: values.enabled,
        thresholdFen: Math.round((values.threshold ?? 0) * 100),
        steps: values.steps.map((s) =>
          s.by === 'role'
            ? { mode: s.mode, roleId: s.roleId ?? null, adminIds: [] }
            : { mode: s.mode, roleId: null, adminIds: s.adminIds ?? [] },
        ),
      });
      void message.success('审批流程已保存');
    } catch (error) {
      applyFieldErrors(form, error, { thresholdFen: 'threshold', steps: 'steps' });
    }
  };

  return (
    <Form<TFlowForm>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(v) => void onFinish(v)}
      style={{ maxWidth: 760 }}
    >
      <Alert type="info" showIcon title={DESCRIPTIONS[type]} style={{ marginBottom: 16 }} />
      {!saved.configured && (
        <Typography.Paragraph type="secondary">
          尚未设置{APPROVAL_TYPE_LABELS[type]}审批流程：目前无需审批。
        </Typography.Paragraph>
      )}
      <Space size={32}>
        <Form.Item name="enabled" label="启用审批" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="threshold"
          label="金额门槛（元）"
          tooltip="金额不低于此值才需审批；0 表示全部需要审批"
          rules={[{ required: true, message: '请输入金额门槛' }]}
        >
          <InputNumber min={0} precision={2} style={{ width: 200 }} />
        </Form.Item>
      </Space>
      <Form.List name="steps">
        {(fields, { add, remove, move }) => (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`第 ${index + 1} 步`}
                extra={
                  <Space size={0}>
                    <Button
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label="上移"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label="下移"
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除步骤"
                      disabled={fields.length === 1}
                      onClick={() => remove(index)}
                    />
                  </Space>
                }
              >
                <Space wrap align="start">
                  <Form.Item name={[field.name, 'by']} label="审批人">
                    <Radio.Group
                      options={[
                        { value: 'role', label: '按角色' },
                        { value: 'admins', label: '指定管理员' },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['steps', field.name, 'by']) === 'admins' ? (
                        <Form.Item
                          name={[field.name, 'adminIds']}
                          label="管理员"
                          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一名管理员' }]}
                        >
                          <Select
                            mode="multiple"
                            style={{ width: 260 }}
                            placeholder="请选择管理员"
                            optionFilterProp="label"
                            options={(options.data?.admins ?? []).map((a) => ({ value: a.id, label: a.name }))}
                          />
                        </Form.Item>
                      ) : (
                        <Form.Item
                          name={[field.name, 'roleId']}
                          label="角色"
                          rules={[{ required: true, message: '请选择角色' }]}
                        >
                          <Select
                            style={{ width: 200 }}
                            placeholder="请选择角色"
                            options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
                          />
                        </Form.Item>
                      )
                    }
                  </Form.Item>
                  <Form.Item name={[field.name, 'mode']} label="审批方式">
                    <Select
                      style={{ width: 140 }}
                      options={APPROVAL_STEP_MODES.map((m) => ({ value: m, label: APPROVAL_STEP_MODE_LABELS[m] }))}
                    />
                  </Form.Item>
                </Space>
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= APPROVAL_MAX_STEPS}
              onClick={() => add({ mode: 'any', by: 'role' })}
            >
              添加审批步骤
            </Button>
            <Typography.Text type="secondary">发起人不会成为自己申请的审批人。</Typography.Text>
          </Space>
        )}
      </Form.List>
      <Form.Item style={{ marginTop: 24 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form.Item>
    </Form>
  );
}

/** 审批管理 (/systemSetting/examineManage): the approval flow of each type. */
export function Component() {
  return (
    <Card title="审批管理">
      <Tabs
        destroyOnHidden
        items={APPROVAL_TYPES.map((type) => ({
          key: type,
          label: `${APPROVAL_TYPE_LABELS[type]}审批`,
          children: <FlowEditor type={type} />,
        }))}
      />
    </Card>
  );
}
