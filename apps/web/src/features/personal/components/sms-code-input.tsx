import { Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';

export interface TSmsCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /**
   * Sends the code; resolves with the seconds before another may be sent (`resendAfterSeconds`),
   * or undefined when nothing was sent (the caller has shown why).
   */
  onSend: () => Promise<number | undefined>;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A code field, trimmed when it loses focus, with its 获取验证码 button, which counts down before a
 * code can be sent again.
 */
export function SmsCodeInput({
  value,
  onChange,
  onSend,
  placeholder = '请输入短信验证码',
  disabled = false,
}: TSmsCodeInputProps) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    if (isSending || secondsLeft > 0) return;
    setSending(true);
    try {
      const wait = await onSend();
      if (wait !== undefined) setSecondsLeft(Math.max(0, Math.ceil(wait)));
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <TrimmedInput
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        disabled={disabled}
      />
      <Button onClick={() => void send()} loading={isSending} disabled={disabled || secondsLeft > 0}>
        {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}

/**
 * The line under a code field: where the code goes and, in demo mode (the server answers
 * `demoCode` only then), the code itself, so a visitor without the phone can go on.
 */
export function smsFieldExtra(sentTo: string | undefined, demoCode: string | null | undefined): string | undefined {
  if (!demoCode) return sentTo;
  return sentTo ? `${sentTo}（演示模式验证码：${demoCode}）` : `演示模式验证码：${demoCode}`;
}
