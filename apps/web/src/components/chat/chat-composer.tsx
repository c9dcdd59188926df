import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { CHAT_TEXT_MAX } from '@flexpay/contract/web';
import { TrimmedTextArea } from '../trimmed-text-area.tsx';

export interface TChatComposerProps {
  onSendText: (text: string) => Promise<unknown>;
  onSendImage: (file: File) => Promise<unknown>;
  disabled?: boolean;
  disabledReason?: string;
  /** Extra actions beside the image button (快捷回复). */
  extra?: ReactNode;
  /** Text to put in the box from outside (a quick reply), with a counter to tell repeats apart. */
  inserted?: { text: string; serial: number } | undefined;
}

const IMAGE_TYPES = 'image/png,image/jpeg';

/** The input of a conversation: Enter sends, Shift+Enter breaks the line; an image button. */
export function ChatComposer({
  onSendText,
  onSendImage,
  disabled,
  disabledReason,
  extra,
  inserted,
}: TChatComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [seen, setSeen] = useState(0);
  if (inserted && inserted.serial !== seen) {
    setSeen(inserted.serial);
    setText((t) => (t ? `${t}\n${inserted.text}` : inserted.text));
  }

  const send = async () => {
    const value = text.trim();
    if (!value || sending || disabled) return;
    setSending(true);
    try {
      await onSendText(value);
      setText('');
    } catch {
      // The request layer showed the error; the text stays for another try.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="chat-composer">
      <TrimmedTextArea
        aria-label="输入消息"
        placeholder={disabled ? disabledReason : '输入消息，Enter 发送，Shift+Enter 换行'}
        value={text}
        disabled={disabled}
        maxLength={CHAT_TEXT_MAX}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <Space className="chat-actions">
        <Upload
          accept={IMAGE_TYPES}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void onSendImage(file).catch(() => undefined);
            return false;
          }}
        >
          <Tooltip title="发送图片">
            <Button icon={<PictureOutlined />} aria-label="发送图片" disabled={disabled} />
          </Tooltip>
        </Upload>
        {extra}
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          disabled={disabled || !text.trim()}
          onClick={() => void send()}
        >
          发送
        </Button>
      </Space>
    </div>
  );
}
