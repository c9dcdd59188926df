import './chat.css';
import type { TChatMessage, TChatSide } from '@flexpay/contract/web';
import { Button, Empty, Spin, theme, Typography } from 'antd';
import { useEffect, useRef, type ReactNode, type UIEvent } from 'react';
import { formatDateTime } from '../../lib/format-date-time.ts';

export interface TChatMessagesProps {
  messages: readonly TChatMessage[];
  /** The side of whoever looks at the thread: their messages are on the right, with marks. */
  mySide: TChatSide;
  /** The other side's read and delivered positions (message ids). */
  otherReadId: number;
  otherDeliveredId: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  renderImage: (message: TChatMessage) => ReactNode;
  /** The accessible name of the list. */
  label: string;
}

/** A mark of one's own message: 已读 when the other side read it, 已送达 when it reached them, else 已发送. */
export function deliveryMark(id: number, readId: number, deliveredId: number): string {
  if (readId >= id) return '已读';
  if (deliveredId >= id) return '已送达';
  return '已发送';
}

/**
 * The messages of a conversation, oldest at the top: a `role="log"` region read politely by
 * screen readers, 加载更多 (or scrolling to the top) for older ones, kept at the bottom as new
 * ones arrive while the reader is there.
 */
export function ChatMessages(props: TChatMessagesProps) {
  const { messages, mySide, otherReadId, otherDeliveredId, hasMore, loading, onLoadMore, renderImage, label } = props;
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const heightBefore = useRef<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (heightBefore.current !== null) {
      // Older messages came in above: keep what the reader was looking at in place.
      el.scrollTop += el.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    }
  }, [firstId]);

  useEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  // A picture gets its height only once it has loaded, after the scroll above: a reader at the
  // bottom is taken down to it again, so an arriving picture is seen whole. (`load` does not
  // bubble: it is heard in the capture phase.)
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onLoad = (event: Event) => {
      if (event.target instanceof HTMLImageElement && atBottom.current) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, []);

  const loadMore = () => {
    heightBefore.current = box.current?.scrollHeight ?? null;
    onLoadMore();
  };
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    if (el.scrollTop === 0 && hasMore && !loading) loadMore();
  };

  return (
    <div
      ref={box}
      className="chat-messages"
      role="log"
      aria-live="polite"
      aria-label={label}
      tabIndex={0}
      onScroll={onScroll}
      style={{ background: token.colorFillQuaternary }}
    >
      {hasMore && (
        <div className="chat-more">
          <Button size="small" type="link" loading={loading} onClick={loadMore}>
            加载更多
          </Button>
        </div>
      )}
      {loading && !messages.length && <Spin className="chat-more" />}
      {!loading && !messages.length && <Empty description="暂无消息" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {messages.map((m) => {
        const mine = m.side === mySide;
        return (
          <div key={m.id} className={`chat-row ${mine ? 'chat-row-mine' : ''}`} data-message-id={m.id}>
            <Typography.Text type="secondary" className="chat-meta">
              {m.senderName || (m.side === 'operator' ? '平台客服' : '企业')} · {formatDateTime(m.createdAt)}
            </Typography.Text>
            <div
              className="chat-bubble"
              style={{
                background: mine ? token.colorPrimaryBg : token.colorBgContainer,
                border: `1px solid ${mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
                color: token.colorText,
              }}
            >
              {m.kind === 'image' ? renderImage(m) : m.text}
            </div>
            {mine && (
              <Typography.Text type="secondary" className="chat-mark">
                {deliveryMark(m.id, otherReadId, otherDeliveredId)}
              </Typography.Text>
            )}
          </div>
        );
      })}
    </div>
  );
}
