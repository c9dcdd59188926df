import type { TPayBody, TPayCodeSent, TPayMethods } from '@flexpay/contract/web';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert, App, Button, Form, Radio, Space, Typography } from 'antd';
import { TrimmedInput } from './trimmed-input.tsx';
import { useEffect, useState } from 'react';
import { isApiError } from '../lib/request.ts';

type TMethod = TPayBody['method'];

/**
 * The message of a refused step-up (a payment, 在线签署) that belongs at the code field (a wrong or expired code: the
 * 40000's field messages on `code` or `token`), or undefined when it is about something else.
 */
export function stepUpCodeError(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const messages = error.fieldErrors.filter((e) => e.path === 'code' || e.path === 'token').map((e) => e.message);
  return messages.length ? messages.join('；') : undefined;
}

/**
 * The step-up of an action (确认支付, 在线签署): 短信验证码 (获取验证码 sends an SMS to the admin's own mobile, 60 s
 * between sends) or 身份验证器 when the admin has one set up. `onChange` gets the body once a
 * code is typed; `error` is the server's message about the code, shown at the field. In demo
 * mode the server answers the SMS code and the form shows it.
 */
export function StepUpCodeField({
  methods,
  send,
  onChange,
  error,
}: {
  /** The ways the admin has (the action's own `…Methods` query). */
  methods: UseQueryResult<TPayMethods>;
  /** Sends the action's SMS code (the action's own `…Code` mutation). */
  send: UseMutationResult<TPayCodeSent, Error, void>;
  onChange: (body: TPayBody | undefined) => void;
  error?: string | undefined;
}) {
  const { message } = App.useApp();
  const [method, setMethod] = useState<TMethod>('sms');
  const [token, setToken] = useState<string>();
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [sentTo, setSentTo] = useState<string>();
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const offersTotp = !!methods.data?.totp;
  const offersSms = methods.data?.sms ?? true;
  // An admin without a mobile but with an authenticator starts on the authenticator.
  const current: TMethod = offersTotp && (!offersSms || method === 'totp') ? 'totp' : 'sms';

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  useEffect(() => {
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) onChange(undefined);
    else if (current === 'totp') onChange({ method: 'totp', code: typed });
    else onChange(token ? { method: 'sms', token, code: typed } : undefined);
  }, [current, token, code, onChange]);

  const onSend = async () => {
    try {
      const sent = await send.mutateAsync();
      setToken(sent.token);
      setSentTo(sent.mobile);
      setWait(sent.resendAfterSeconds);
      setDemoCode(sent.demoCode);
      void message.success(`验证码已发送至 ${sent.mobile}`);
    } catch {
      // the request layer has shown why
    }
  };

  const label = current === 'totp' ? '动态验证码' : '短信验证码';
  return (
    <>
      {offersTotp && offersSms && (
        <Form.Item label="验证方式">
          <Radio.Group
            value={current}
            onChange={(e) => {
              setMethod(e.target.value as TMethod);
              setCode('');
            }}
            options={[
              { value: 'sms', label: '短信验证码' },
              { value: 'totp', label: '身份验证器' },
            ]}
          />
        </Form.Item>
      )}
      <Form.Item
        label={label}
        required
        validateStatus={error ? 'error' : undefined}
        help={error}
        extra={
          current === 'totp' ? (
            <Typography.Text type="secondary">请输入身份验证器中的 6 位动态码</Typography.Text>
          ) : (
            sentTo && <Typography.Text type="secondary">已发送至 {sentTo}，5 分钟内有效</Typography.Text>
          )
        }
      >
        <Space.Compact>
          <TrimmedInput
            aria-label={label}
            placeholder="6 位验证码"
            maxLength={6}
            value={code}
            status={error ? 'error' : undefined}
            onChange={(e) => setCode(e.target.value)}
            style={{ width: 160 }}
          />
          {current === 'sms' && (
            <Button onClick={() => void onSend()} loading={send.isPending} disabled={wait > 0}>
              {wait > 0 ? `${wait} 秒后重发` : '获取验证码'}
            </Button>
          )}
        </Space.Compact>
      </Form.Item>
      {current === 'sms' && demoCode && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`演示模式验证码：${demoCode}`} />
      )}
    </>
  );
}
