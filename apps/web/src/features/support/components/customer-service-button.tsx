import { CustomerServiceOutlined, PhoneOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Empty, Form, List, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { formatRelativeTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useMessages } from '../api/get-messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

/**
 * The customer-service button of the top bar, shown when the company's setting is unset or 1:
 * a drawer with the service phone and a message box that posts to the platform.
 */
export function CustomerServiceButton() {
  const close = useSession((s) => s.setting.customerServiceObjClose);
  const phone = useSession((s) => s.setting.customerServiceObjPhoneNumber);
  const [open, setOpen] = useState(false);
  const messages = useMessages(open);
  const send = useSendMessage();
  const [form] = Form.useForm<{ content: string; contact: string }>();
  const { message } = App.useApp();
  if (close !== '' && close !== '1') return null;

  const onFinish = async (values: { content: string; contact: string }) => {
    const sent = await send.mutateAsync(values).catch(() => null);
    if (!sent) return;
    void message.success('留言已提交，客服会尽快回复');
    form.resetFields();
  };

  return (
    <>
      <Tooltip title="在线客服">
        <Button type="text" className="navbar-item" aria-label="在线客服" onClick={() => setOpen(true)}>
          <CustomerServiceOutlined />
        </Button>
      </Tooltip>
      <Drawer title="在线客服" open={open} onClose={() => setOpen(false)} size={420}>
        <Typography.Paragraph>
          <PhoneOutlined /> 客服电话：{phone ? <Typography.Text copyable>{phone}</Typography.Text> : '暂未设置'}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">工作日 9:00–18:00，留言会在 1 个工作日内回复。</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void onFinish(v)}
          initialValues={{ content: '', contact: '' }}
        >
          <Form.Item
            name="content"
            label="留言内容"
            rules={[
              { required: true, whitespace: true, message: '请输入留言内容' },
              { max: 1000, message: '留言最多 1000 个字' },
            ]}
          >
            <TrimmedTextArea rows={4} showCount maxLength={1000} placeholder="请描述您遇到的问题" />
          </Form.Item>
          <Form.Item name="contact" label="联系方式（选填）" rules={[{ max: 50, message: '联系方式最多 50 个字符' }]}>
            <TrimmedInput placeholder="手机号或邮箱" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending} block>
            提交留言
          </Button>
        </Form>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          我的留言
        </Typography.Title>
        <List
          loading={messages.isPending}
          dataSource={messages.data ?? []}
          locale={{ emptyText: <Empty description="暂无留言" /> }}
          renderItem={(m) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <>
                    <Tag color={m.status === 'replied' ? 'green' : 'blue'}>
                      {m.status === 'replied' ? '已回复' : '待处理'}
                    </Tag>
                    <Typography.Text type="secondary">{formatRelativeTime(m.createdAt)}</Typography.Text>
                  </>
                }
                description={
                  <>
                    <div>{m.content}</div>
                    {m.reply && <div className="cs-reply">客服回复：{m.reply}</div>}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
