import { ARTICLE_STATUS_LABELS, ARTICLE_STATUSES, type TArticleBody } from '@flexpay/contract/web';
import { Button, Form, Modal, Radio, Skeleton, Space } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';
import { ArticleView } from './article-view.tsx';
import { ImageUpload } from './image-upload.tsx';

// The editor (TipTap) is the heaviest part of the form: its own chunk, fetched when the form shows.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** The editor as a form control: Form.Item hands its value and onChange to this, not to Suspense. */
function BodyEditor(props: { id?: string; value?: string; onChange?: (html: string) => void }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} label="正文" />
    </Suspense>
  );
}

export type TArticleFormValues = Required<TArticleBody>;
const FIELDS = ['title', 'summary', 'coverFileId', 'body', 'status'] as const;
const STATUS_OPTIONS = ARTICLE_STATUSES.map((s) => ({ value: s, label: ARTICLE_STATUS_LABELS[s] }));

/** 添加文章 / 编辑文章: the rules mirror ZArticleBody; 已发布 sets the publish time on the server. */
export function ArticleForm({
  initialValues,
  initialPublishedAt,
  isSubmitting,
  onSubmit,
  onCancel,
}: {
  initialValues?: TArticleFormValues;
  /** The saved article's publish time, shown in the preview. */
  initialPublishedAt?: string | null;
  isSubmitting: boolean;
  onSubmit: (values: TArticleFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<TArticleFormValues>();
  const isSubmittingRef = useRef(false);
  // 预览: what the form holds now, drawn as the reader page draws it (nothing is saved).
  const [preview, setPreview] = useState<TArticleFormValues | null>(null);
  const onFinish = async (values: TArticleFormValues) => {
    if (isSubmitting || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await onSubmit({
        ...values,
        title: values.title.trim(),
        summary: (values.summary ?? '').trim(),
        coverFileId: values.coverFileId ?? null,
      });
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };
  return (
    <Form<TArticleFormValues>
      form={form}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 900 }}
      initialValues={initialValues ?? { title: '', summary: '', coverFileId: null, body: '', status: 'draft' }}
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      <Form.Item
        name="title"
        label="文章标题"
        rules={[
          { required: true, whitespace: true, message: '请输入文章标题' },
          { max: 100, message: '文章标题最多 100 个字' },
        ]}
      >
        <TrimmedInput placeholder="请输入文章标题" maxLength={100} showCount />
      </Form.Item>
      <Form.Item name="coverFileId" label="封面图片" extra="选填：PNG 或 JPG，不超过 10 MB">
        <ImageUpload label="封面图片" allowClear />
      </Form.Item>
      <Form.Item name="summary" label="摘要" rules={[{ max: 300, message: '摘要最多 300 个字' }]}>
        <TrimmedTextArea placeholder="选填：列表中显示的简介" maxLength={300} showCount rows={2} />
      </Form.Item>
      <Form.Item
        name="body"
        label="正文"
        rules={[{ required: true, message: '请输入正文' }]}
        extra="图片经文件库上传；脚本、事件属性等不安全内容保存时会被移除"
      >
        <BodyEditor />
      </Form.Item>
      <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
        <Radio.Group options={STATUS_OPTIONS} />
      </Form.Item>
      <Form.Item label={null}>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSubmitting}>
            保存
          </Button>
          <Button onClick={() => setPreview(form.getFieldsValue(true) as TArticleFormValues)}>预览</Button>
          <Button onClick={onCancel}>取消</Button>
        </Space>
      </Form.Item>
      <Modal
        open={preview !== null}
        title="文章预览（未保存）"
        width={900}
        footer={<Button onClick={() => setPreview(null)}>关闭预览</Button>}
        onCancel={() => setPreview(null)}
        destroyOnHidden
      >
        {preview && (
          <ArticleView
            title={(preview.title ?? '').trim()}
            summary={(preview.summary ?? '').trim()}
            coverFileId={preview.coverFileId ?? null}
            body={preview.body ?? ''}
            publishedAt={initialPublishedAt ?? null}
          />
        )}
      </Modal>
    </Form>
  );
}
