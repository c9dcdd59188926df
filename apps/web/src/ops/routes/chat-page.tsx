import {
  CHAT_FILTER_LABELS,
  CHAT_FILTERS,
  type TChatConversation,
  type TChatFilter,
  type TChatMessage,
} from '@flexpay/contract/web';
import { DeleteOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Popconfirm, Popover, Segmented, Space, Tag, theme, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TrimmedInput } from '../../components/trimmed-input.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { ChatComposer } from '../../components/chat/chat-composer.tsx';
import { ChatImage } from '../../components/chat/chat-image.tsx';
import { ChatMessages } from '../../components/chat/chat-messages.tsx';
import { useChatThread } from '../../components/chat/use-chat-thread.ts';
import { openEventStream } from '../../lib/event-stream.ts';
import { formatDateTime } from '../../lib/format-date-time.ts';
import {
  getOpsChatImage,
  getOpsMessages,
  markOpsRead,
  OPS_CHAT_KEY,
  opsChatStreamUrl,
  opsChatUnreadQueryOptions,
  unreadRefresher,
  sendOpsImage,
  sendOpsText,
  useAddQuickReply,
  useDeleteQuickReply,
  useOpsChatAction,
  useOpsConversation,
  useOpsConversations,
  useQuickReplies,
} from '../api/chat.ts';
import { opsInfoQueryOptions } from '../api/auth.ts';
import { getOpsToken } from '../lib/ops-token.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** 在线客服 at /ops: every company's conversation, unread first; the selected one live. */
export function ChatPage() {
  useOpsTitle('在线客服');
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  const [filter, setFilter] = useState<TChatFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | undefined>();
  const list = useOpsConversations({ page, limit: 20, filter });
  const conversation = useOpsConversation(selected).data;
  const me = useQuery(opsInfoQueryOptions()).data;
  const action = useOpsChatAction();

  const loadPage = useCallback((before: number | undefined) => getOpsMessages(selected ?? 0, before), [selected]);
  const thread = useChatThread(loadPage);
  const { add, reset, loadLatest } = thread;
  const selectedRef = useRef(selected);
  useEffect(() => {
    selectedRef.current = selected;
    reset();
    if (selected !== undefined) void loadLatest().catch(() => undefined);
  }, [selected, reset, loadLatest]);

  // One stream for every conversation: messages of the selected one join the thread, and the
  // list and the selected conversation follow every change.
  const refreshList = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const unread = unreadRefresher(queryClient);
    const invalidateList = () => {
      unread.refresh();
      clearTimeout(refreshList.current);
      refreshList.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: [...OPS_CHAT_KEY, 'list'] }),
        200,
      );
    };
    const stop = openEventStream({
      url: opsChatStreamUrl(),
      token: getOpsToken,
      // Every conversation's messages come through: the stream resumes after the last it saw.
      lastEventId: () => undefined,
      onEvent: (event) => {
        if (event.event === 'message') {
          const m = JSON.parse(event.data) as TChatMessage;
          if (m.conversationId === selectedRef.current) add([m]);
        } else if (event.event === 'conversation') {
          const c = JSON.parse(event.data) as TChatConversation;
          queryClient.setQueryData([...OPS_CHAT_KEY, 'one', c.id], c);
        } else if (event.event === 'resync' && selectedRef.current !== undefined) {
          void queryClient.invalidateQueries({ queryKey: [...OPS_CHAT_KEY, 'one'] });
        }
        invalidateList();
      },
    });
    return () => {
      unread.stop();
      stop();
    };
  }, [queryClient, add]);

  // The company's messages shown are read.
  const newestTheirs = [...thread.messages].reverse().find((m) => m.side === 'company')?.id ?? 0;
  const readId = conversation?.operatorReadId ?? 0;
  const marking = useRef(0);
  useEffect(() => {
    if (selected === undefined || newestTheirs <= readId || marking.current >= newestTheirs) return;
    marking.current = newestTheirs;
    void markOpsRead(selected, newestTheirs).then(
      (c) => {
        queryClient.setQueryData([...OPS_CHAT_KEY, 'one', c.id], c);
        void queryClient.invalidateQueries({ queryKey: opsChatUnreadQueryOptions().queryKey });
      },
      () => (marking.current = 0),
    );
  }, [selected, newestTheirs, readId, queryClient]);

  const [inserted, setInserted] = useState<{ text: string; serial: number } | undefined>();
  const closed = conversation?.status === 'closed';
  const mine = conversation?.assignedOperatorId !== null && conversation?.assignedOperatorId === me?.id;

  return (
    <div className="ops-chat">
      <Card
        className="ops-chat-list"
        title="会话"
        extra={
          <Segmented<TChatFilter>
            aria-label="会话筛选"
            size="small"
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setPage(1);
            }}
            options={CHAT_FILTERS.map((f) => ({ value: f, label: CHAT_FILTER_LABELS[f] }))}
          />
        }
      >
        <List<TChatConversation>
          loading={list.isPending}
          dataSource={list.data?.rows ?? []}
          locale={{ emptyText: <Empty description="暂无会话" /> }}
          pagination={
            (list.data?.total ?? 0) > 20
              ? { current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage, size: 'small' }
              : false
          }
          renderItem={(c) => (
            <List.Item
              className="ops-chat-item"
              style={c.id === selected ? { background: token.colorPrimaryBg } : undefined}
            >
              <button
                type="button"
                className="ops-chat-item-button"
                aria-current={c.id === selected ? 'true' : undefined}
                onClick={() => setSelected(c.id)}
              >
                {/* Named by what it shows (WCAG 2.5.3: an aria-label of the company alone left
                    the rest of its text out), the unread count said in words at the end. */}
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                    <Typography.Text strong>{c.companyName}</Typography.Text>
                    <Badge count={c.unread} />
                  </Space>
                  <Typography.Text type="secondary" ellipsis>
                    {c.lastMessageText || '暂无消息'}
                  </Typography.Text>
                  <Space size={4} wrap>
                    {c.status === 'closed' ? <Tag>已关闭</Tag> : null}
                    <Tag color={c.assignedOperatorName ? 'blue' : 'orange'}>{c.assignedOperatorName ?? '未分配'}</Tag>
                    <Typography.Text type="secondary" className="chat-meta">
                      {formatDateTime(c.lastMessageAt)}
                    </Typography.Text>
                  </Space>
                </Space>
                {c.unread ? <VisuallyHidden>，{c.unread} 条未读</VisuallyHidden> : null}
              </button>
            </List.Item>
          )}
        />
      </Card>
      <Card
        className="ops-chat-thread"
        title={conversation ? conversation.companyName : '在线客服'}
        extra={
          conversation && (
            <Space>
              <Tag color={closed ? 'default' : 'green'}>{closed ? '已关闭' : '进行中'}</Tag>
              {!closed && !mine && (
                <Button
                  size="small"
                  type="primary"
                  loading={action.isPending}
                  onClick={() => action.mutate({ id: conversation.id, action: 'assign' })}
                >
                  接入
                </Button>
              )}
              {closed ? (
                <Button size="small" onClick={() => action.mutate({ id: conversation.id, action: 'reopen' })}>
                  重新打开
                </Button>
              ) : (
                <Popconfirm
                  title="关闭这个会话？"
                  description="企业再次发消息时会话会重新打开。"
                  onConfirm={() => action.mutate({ id: conversation.id, action: 'close' })}
                >
                  <Button size="small" danger>
                    关闭
                  </Button>
                </Popconfirm>
              )}
            </Space>
          )
        }
      >
        {selected === undefined || !conversation ? (
          <Empty description="请选择左侧的会话" />
        ) : (
          <div className="chat-drawer-body ops-chat-body">
            <ChatMessages
              label={`与 ${conversation.companyName} 的消息`}
              messages={thread.messages}
              mySide="operator"
              otherReadId={conversation.companyReadId}
              otherDeliveredId={conversation.companyDeliveredId}
              hasMore={thread.hasMore}
              loading={thread.loading}
              onLoadMore={() => void thread.loadOlder().catch(() => undefined)}
              renderImage={(m) => <ChatImage load={() => getOpsChatImage(m.id)} alt="聊天图片" />}
            />
            <ChatComposer
              disabled={closed}
              disabledReason="会话已关闭，请先重新打开"
              inserted={inserted}
              onSendText={async (text) => add([await sendOpsText(conversation.id, text)])}
              onSendImage={async (file) => add([await sendOpsImage(conversation.id, file)])}
              extra={
                <QuickReplies onPick={(text) => setInserted((prev) => ({ text, serial: (prev?.serial ?? 0) + 1 }))} />
              }
            />
          </div>
        )}
      </Card>
    </div>
  );
}

/** 快捷回复: a click puts the text in the box; the list can be added to and trimmed. */
function QuickReplies({ onPick }: { onPick: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const replies = useQuickReplies();
  const add = useAddQuickReply();
  const remove = useDeleteQuickReply();
  const content = (
    <div className="ops-quick-replies">
      <List
        size="small"
        dataSource={replies.data ?? []}
        locale={{ emptyText: '暂无快捷回复' }}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Popconfirm key="del" title="删除这条快捷回复？" onConfirm={() => remove.mutate(r.id)}>
                <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`删除快捷回复：${r.text}`} />
              </Popconfirm>,
            ]}
          >
            <Button
              type="link"
              className="ops-quick-reply-text"
              onClick={() => {
                onPick(r.text);
                setOpen(false);
              }}
            >
              {r.text}
            </Button>
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: '100%' }}>
        <TrimmedInput
          aria-label="新增快捷回复"
          placeholder="新增快捷回复"
          value={text}
          maxLength={500}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          loading={add.isPending}
          disabled={!text.trim()}
          onClick={() => add.mutate(text.trim(), { onSuccess: () => setText('') })}
        >
          添加
        </Button>
      </Space.Compact>
    </div>
  );
  return (
    <Popover title="快捷回复" trigger="click" open={open} onOpenChange={setOpen} content={content}>
      <Button icon={<MessageOutlined />}>快捷回复</Button>
    </Popover>
  );
}
