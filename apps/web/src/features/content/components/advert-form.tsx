import { ADVERT_POSITION_LABELS, ADVERT_POSITIONS, type TAdvertBody } from '@flexpay/contract/web';
import { Button, DatePicker, Form, InputNumber, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { ImageUpload } from './image-upload.tsx';
import { LINK_PLACEHOLDER, LINK_RULES } from './link-input-rule.ts';

export type TAdvertFormValues = Required<TAdvertBody>;
interface TFields extends Omit<TAdvertFormValues, 'startDate' | 'endDate'> {
  days: [Dayjs, Dayjs];
}

const FIELDS = {
  title: 'title',
  imageFileId: 'imageFileId',
  link: 'link',
  position: 'position',
  startDate: 'days',
  endDate: 'days',
  sort: 'sort',
  enabled: 'enabled',
} as const;
const POSITION_OPTIONS = ADVERT_POSITIONS.map((p) => ({ value: p, label: ADVERT_POSITION_LABELS[p] }));

/** 添加广告 / 编辑广告: the rules mirror ZAdvertBody; 投放日期 from the start day to the end day. */
export function AdvertForm({
  initialValues,
  isSubmitting,
  onSubmit,
  onCancel,
}: {
  initialValues?: TAdvertFormValues;
  isSubmitting: boolean;
  onSubmit: (values: TAdvertFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<TFields>();
  const isSubmittingRef = useRef(false);
  const onFinish = async ({ days, ...values }: TFields) => {
    if (isSubmitting || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await onSubmit({
        ...values,
        title: values.title.trim(),
        link: (values.link ?? '').trim(),
        startDate: days[0].format('YYYY-MM-DD'),
        endDate: days[1].format('YYYY-MM-DD'),
      });
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };
  const start = initialValues ? dayjs(initialValues.startDate) : dayjs();
  const end = initialValues ? dayjs(initialValues.endDate) : dayjs().add(30, 'day');
  return (
    <Form<TFields>
      form={form}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 680 }}
      initialValues={{
        title: '',
        link: '',
        position: 'homeBanner',
        sort: 0,
        enabled: true,
        ...initialValues,
        days: [start, end],
      }}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      <Form.Item
        name="title"
        label="广告标题"
        rules={[
          { required: true, whitespace: true, message: '请输入广告标题' },
          { max: 50, message: '广告标题最多 50 个字' },
        ]}
      >
        <TrimmedInput placeholder="如：本月薪酬发放安排" maxLength={50} showCount />
      </Form.Item>
      <Form.Item
        name="imageFileId"
        label="广告图片"
        rules={[{ required: true, message: '请上传广告图片' }]}
        extra="PNG 或 JPG，不超过 10 MB；横幅建议 1200×300，侧栏建议 600×400"
      >
        <ImageUpload label="广告图片" />
      </Form.Item>
      <Form.Item name="link" label="链接" rules={LINK_RULES} extra="选填：点击广告打开的页面或网址">
        <TrimmedInput placeholder={LINK_PLACEHOLDER} maxLength={300} />
      </Form.Item>
      <Form.Item name="position" label="广告位" rules={[{ required: true, message: '请选择广告位' }]}>
        <Select options={POSITION_OPTIONS} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="days"
        label="投放日期"
        rules={[{ required: true, message: '请选择投放日期' }]}
        extra="开始与结束当天都展示（北京时间）"
      >
        <DatePicker.RangePicker allowClear={false} placeholder={['开始日期', '结束日期']} />
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
