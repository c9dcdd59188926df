import type { TPayBody } from '@flexpay/contract/web';
import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSendPayCode } from '../api/send-pay-code.ts';

/**
 * The step-up of a payment: 获取验证码 sends an SMS to the admin's own mobile (60 s between
 * sends); the code goes with the payment. `onReady` gets the body once a code is typed.
 */
export function PayCodeField({ onChange }: { onChange: (body: TPayBody | undefined) => void }) {
  const { message } = App.useApp();
  const send = useSendPayCode();
  const [token, setToken] = useState<string>();
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [sentTo, setSentTo] = useState<string>();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  useEffect(() => {
    onChange(token && /^\d{6}$/.test(code.trim()) ? { method: 'sms', token, code: code.trim() } : undefined);
  }, [token, code, onChange]);

  const onSend = async () => {
    try {
      const sent = await send.mutateAsync();
      setToken(sent.token);
      setSentTo(sent.mobile);
      setWait(sent.resendAfterSeconds);
      void message.success(`验证码已发送至 ${sent.mobile}`);
    } catch {
      // the request layer has shown why
    }
  };

  return (
    <Form.Item
      label="短信验证码"
      required
      extra={sentTo && <Typography.Text type="secondary">已发送至 {sentTo}，5 分钟内有效</Typography.Text>}
    >
      <Space.Compact>
        <Input
          aria-label="短信验证码"
          placeholder="6 位验证码"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          style={{ width: 160 }}
        />
        <Button onClick={() => void onSend()} loading={send.isPending} disabled={wait > 0}>
          {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
