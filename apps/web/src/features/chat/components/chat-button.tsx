import { CustomerServiceOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TChatConversation, TChatMessage, TChatUnread } from '@flexpay/contract/web';
import { Badge, Button, Drawer, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChatComposer } from '../../../components/chat/chat-composer.tsx';
import { ChatImage } from '../../../components/chat/chat-image.tsx';
import { ChatMessages } from '../../../components/chat/chat-messages.tsx';
import { useChatThread } from '../../../components/chat/use-chat-thread.ts';
import { openEventStream } from '../../../lib/event-stream.ts';
import { useHasElement, useSession } from '../../../lib/session-store.ts';
import { conversationQueryOptions, useConversation } from '../api/get-conversation.ts';
import { getImage } from '../api/get-image.ts';
import { getMessages } from '../api/get-messages.ts';
import { markRead } from '../api/mark-read.ts';
import { sendImage } from '../api/send-image.ts';
import { sendText } from '../api/send-text.ts';
import { streamUrl } from '../api/stream-url.ts';
import { unreadQueryOptions, useUnread } from '../api/get-unread.ts';

/** The accessible name of the top bar's button, with the unread count. */
export const chatButtonLabel = (unread: number) => (unread > 0 ? `在线客服，${unread} 条未读` : '在线客服');

/**
 * 在线客服 in the top bar, shown when the company's setting is unset or 1 and the admin may read
 * the conversation: a badge of unread answers (live), and a drawer with the service phone and
 * the conversation (live over the stream; read when open).
 */
export function ChatButton() {
  const close = useSession((s) => s.setting.customerServiceObjClose);
  const canView = useHasElement('chat:view');
  if (close !== '' && close !== '1') return null;
  if (!canView) return null;
  return <ChatButtonShown />;
}

function ChatButtonShown() {
  const phone = useSession((s) => s.setting.customerServiceObjPhoneNumber);
  const token = useSession((s) => s.token);
  const canSend = useHasElement('chat:send');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useUnread(true).data?.unread ?? 0;
  const conversation = useConversation(open).data;
  const thread = useChatThread(getMessages);
  const { add, loadLatest, loaded } = thread;

  const setConversation = useCallback(
    (c: TChatConversation) => {
      queryClient.setQueryData(conversationQueryOptions().queryKey, c);
      queryClient.setQueryData<TChatUnread>(unreadQueryOptions().queryKey, { unread: c.unread });
    },
    [queryClient],
  );

  // The stream stays open while signed in: the badge follows the answers.
  const lastId = thread.lastId;
  useEffect(() => {
    if (!token) return undefined;
    return openEventStream({
      url: streamUrl(),
      token: () => token,
      lastEventId: () => lastId.current,
      onEvent: (event) => {
        if (event.event === 'message') add([JSON.parse(event.data) as TChatMessage]);
        else if (event.event === 'conversation') setConversation(JSON.parse(event.data) as TChatConversation);
      },
    });
  }, [token, add, setConversation, lastId]);

  useEffect(() => {
    if (open && !loaded) void loadLatest().catch(() => undefined);
  }, [open, loaded, loadLatest]);

  // Open: the operators' messages shown are read.
  const newestTheirs = [...thread.messages].reverse().find((m) => m.side === 'operator')?.id ?? 0;
  const readId = conversation?.companyReadId ?? 0;
  const marking = useRef(0);
  useEffect(() => {
    if (!open || newestTheirs <= readId || marking.current >= newestTheirs) return;
    marking.current = newestTheirs;
    void markRead(newestTheirs).then(setConversation, () => (marking.current = 0));
  }, [open, newestTheirs, readId, setConversation]);

  const label = chatButtonLabel(unread);
  return (
    <>
      <Tooltip title="在线客服">
        <Button type="text" className="navbar-item" aria-label={label} onClick={() => setOpen(true)}>
          <Badge count={unread} size="small" offset={[4, -2]}>
            <CustomerServiceOutlined />
          </Badge>
        </Button>
      </Tooltip>
      <Drawer
        title="在线客服"
        open={open}
        onClose={() => setOpen(false)}
        size={480}
        classNames={{ body: 'chat-drawer-body' }}
      >
        <div className="chat-panel-head">
          <Typography.Text>
            <PhoneOutlined /> 客服电话：
            {phone ? <Typography.Text copyable>{phone}</Typography.Text> : '暂未设置'}
          </Typography.Text>
          {conversation && (
            <Tag color={conversation.status === 'open' ? 'blue' : 'default'}>
              {conversation.status === 'open'
                ? conversation.assignedOperatorName
                  ? `客服 ${conversation.assignedOperatorName} 为您服务`
                  : '等待客服接入'
                : '会话已结束，发送消息将重新开始'}
            </Tag>
          )}
        </div>
        <ChatMessages
          label="与平台客服的消息"
          messages={thread.messages}
          mySide="company"
          otherReadId={conversation?.operatorReadId ?? 0}
          otherDeliveredId={conversation?.operatorDeliveredId ?? 0}
          hasMore={thread.hasMore}
          loading={thread.loading}
          onLoadMore={() => void thread.loadOlder().catch(() => undefined)}
          renderImage={(m) => <ChatImage load={() => getImage(m.id)} alt="聊天图片" />}
        />
        <ChatComposer
          disabled={!canSend}
          disabledReason="当前用户无发送消息的权限"
          onSendText={async (text) => add([await sendText(text)])}
          onSendImage={async (file) => add([await sendImage(file)])}
        />
      </Drawer>
    </>
  );
}
