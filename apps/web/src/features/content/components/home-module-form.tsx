import {
  consolePages,
  HOME_MODULE_ICON_NAMES,
  HOME_MODULE_ICONS,
  isInternalContentLink,
  type THomeModuleBody,
} from '@flexpay/contract/web';
import { Button, Form, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useMemo, useRef } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { HomeModuleIcon } from '../../../components/home-module-icon.tsx';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { NO_BACKSLASH_RULE } from './link-input-rule.ts';

export type THomeModuleFormValues = Required<THomeModuleBody>;

/** The link's kind: a page of the console, chosen by its menu name, or an outside address. */
type TLinkKind = 'page' | 'external';
type TFormValues = THomeModuleFormValues & { linkKind: TLinkKind };

const LINK_KIND_OPTIONS = [
  { value: 'page', label: '本系统页面' },
  { value: 'external', label: '外部网址' },
];

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
  const [form] = Form.useForm<TFormValues>();
  const linkKind = Form.useWatch('linkKind', form);
  const isSubmittingRef = useRef(false);
  // The pages of the menu; a saved link that is no longer one stays choosable, named as it is.
  const pageOptions = useMemo(() => {
    const options = consolePages().map((p) => ({ value: p.path, label: p.title }));
    const saved = initialValues?.link;
    if (saved && isInternalContentLink(saved) && !options.some((o) => o.value === saved)) {
      options.unshift({ value: saved, label: `${saved}（不是菜单中的页面）` });
    }
    return options;
  }, [initialValues?.link]);
  const onFinish = async ({ linkKind: _kind, ...values }: TFormValues) => {
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
    <Form<TFormValues>
      form={form}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 640 }}
      initialValues={{
        ...(initialValues ?? { title: '', icon: 'AppstoreOutlined', link: '', sort: 0, enabled: true }),
        linkKind: initialValues?.link && !isInternalContentLink(initialValues.link) ? 'external' : 'page',
      }}
      onValuesChange={(changed: Partial<TFormValues>) => {
        // A page's path is no outside address and the reverse: switching the kind starts afresh.
        if (changed.linkKind) form.setFieldValue('link', '');
      }}
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
      <Form.Item name="linkKind" label="链接类型">
        <Radio.Group options={LINK_KIND_OPTIONS} />
      </Form.Item>
      {linkKind === 'external' ? (
        <Form.Item
          key="external"
          name="link"
          label="网址"
          rules={[
            { required: true, whitespace: true, message: '请输入网址' },
            NO_BACKSLASH_RULE,
            { pattern: /^https?:\/\/[^\s/]+\S*$/, message: '网址须以 http:// 或 https:// 开头' },
          ]}
          extra="其他网站的地址，在新窗口打开"
        >
          <TrimmedInput placeholder="https://…" maxLength={300} />
        </Form.Item>
      ) : (
        <Form.Item
          key="page"
          name="link"
          label="页面"
          rules={[{ required: true, message: '请选择页面' }]}
          extra="按菜单名称选择本系统的页面，可输入文字搜索"
        >
          <Select
            options={pageOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择页面，如：薪酬管理 / 薪酬发放"
            style={{ width: 360 }}
          />
        </Form.Item>
      )}
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
