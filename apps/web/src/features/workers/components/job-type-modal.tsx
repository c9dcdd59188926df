import type { TJobType, TJobTypeBody } from '@flexpay/contract/web';
import { App, Form, Modal, Switch } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useCreateJobType } from '../api/create-job-type.ts';
import { useUpdateJobType } from '../api/update-job-type.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

interface TJobTypeValues {
  name: string;
  code: string;
  description?: string;
  enabled: boolean;
}

const FIELDS = ['name', 'code', 'description', 'enabled'] as const;
/** Mirrors ZJobTypeBody.code. */
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export interface TJobTypeModalProps {
  open: boolean;
  /** The type to edit; null adds one. */
  jobType: TJobType | null;
  onClose: () => void;
  afterClose?: () => void;
}

/** 新增工种 / 编辑工种 (TJobTypeBody). */
export function JobTypeModal({ open, jobType, onClose, afterClose }: TJobTypeModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TJobTypeValues>();
  const createJobType = useCreateJobType();
  const updateJobType = useUpdateJobType();
  const isSaving = createJobType.isPending || updateJobType.isPending;

  const onFinish = async (values: TJobTypeValues) => {
    if (isSaving) return;
    const body: TJobTypeBody = {
      name: values.name.trim(),
      code: values.code.trim(),
      description: (values.description ?? '').trim(),
      enabled: values.enabled,
    };
    try {
      if (jobType) await updateJobType.mutateAsync({ id: jobType.id, body });
      else await createJobType.mutateAsync(body);
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
      return;
    }
    void message.success(jobType ? '工种已保存' : '工种已添加');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={jobType ? '编辑工种' : '新增工种'}
      okText="保存"
      okButtonProps={{ loading: isSaving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      <Form<TJobTypeValues>
        form={form}
        labelCol={{ flex: '80px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={{
          name: jobType?.name ?? '',
          code: jobType?.code ?? '',
          description: jobType?.description ?? '',
          enabled: jobType?.enabled ?? true,
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入工种名称' },
            { max: 30, message: '工种名称最多 30 个字符' },
          ]}
        >
          <TrimmedInput placeholder="请输入工种名称" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="code"
          label="编码"
          rules={[
            { required: true, whitespace: true, message: '请输入工种编码' },
            { max: 20, message: '工种编码最多 20 个字符' },
            { pattern: CODE_PATTERN, message: '工种编码只能包含字母、数字、_ 和 -' },
          ]}
        >
          <TrimmedInput placeholder="请输入工种编码，如 DRIVER" maxLength={20} />
        </Form.Item>
        <Form.Item name="description" label="描述" rules={[{ max: 200, message: '描述最多 200 个字符' }]}>
          <TrimmedTextArea
            placeholder="请输入描述（选填）"
            maxLength={200}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked" extra="停用的工种不能再分配给员工">
          <Switch checkedChildren="启用" unCheckedChildren="停用" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
