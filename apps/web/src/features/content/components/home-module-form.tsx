import { HOME_MODULE_ICON_NAMES, HOME_MODULE_ICONS, type THomeModuleBody } from '@flexpay/contract/web';
import { Button, Form, InputNumber, Select, Space, Switch } from 'antd';
import { useRef } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { HomeModuleIcon } from '../../../components/home-module-icon.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { LINK_PLACEHOLDER, LINK_RULE } from './link-input-rule.ts';

export type THomeModuleFormValues = Required<THomeModuleBody>;

const FIELDS = ['title', 'icon', 'link', 'sort', 'enabled'] as const;
const ICON_OPTIONS = HOME_MODULE_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      <HomeModuleIcon name={name} />
      {HOME_MODULE_ICONS[name]}
    </Space>
  ),
}));

/** 添加模块 / 编辑模块: the rules mirror ZHomeModuleBody. */
export function HomeModuleForm({
  initialValues,
  isSubmitting,
  onSubmit,
  onCancel,
}: {
  initialValues?: THomeModuleFormValues;
  isSubmitting: boolean;
  onSubmit: (values: THomeModuleFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<THomeModuleFormValues>();
  const isSubmittingRef = useRef(false);
  const onFinish = async (values: THomeModuleFormValues) => {
    if (isSubmitting || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await onSubmit({ ...values, title: values.title.trim(), link: values.link.trim() });
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };
  return (
    <Form<THomeModuleFormValues>
      form={form}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 640 }}
      initialValues={initialValues ?? { title: '', icon: 'AppstoreOutlined', link: '', sort: 0, enabled: true }}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      <Form.Item
        name="title"
        label="模块名称"
        rules={[
          { required: true, whitespace: true, message: '请输入模块名称' },
          { max: 20, message: '模块名称最多 20 个字' },
        ]}
      >
        <TrimmedInput placeholder="如：薪酬发放" maxLength={20} showCount />
      </Form.Item>
      <Form.Item name="icon" label="图标" rules={[{ required: true, message: '请选择图标' }]}>
        <Select options={ICON_OPTIONS} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="link"
        label="链接"
        rules={[{ required: true, whitespace: true, message: '请输入链接' }, LINK_RULE]}
        extra="本系统页面的路径，或 http(s):// 开头的网址（在新窗口打开）"
      >
        <TrimmedInput placeholder={LINK_PLACEHOLDER} maxLength={300} />
      </Form.Item>
      <Form.Item name="sort" label="排序" rules={[{ required: true, message: '请输入排序' }]} extra="数字小的排在前面">
        <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
      <Form.Item label={null}>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            保存
          </Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
