import type { TChatMessage } from '@flexpay/contract/web';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseEventStream, type TStreamEvent } from '../../lib/event-stream.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessages, deliveryMark } from './chat-messages.tsx';

const message = (id: number, side: 'company' | 'operator', text: string): TChatMessage => ({
  id,
  conversationId: 1,
  companyId: 1,
  side,
  senderName: side === 'company' ? '林晓' : '平台运营',
  kind: 'text',
  text,
  imageUrl: null,
  createdAt: '2026-01-02T03:04:05.000Z',
});

describe('ChatMessages', () => {
  it('shows the messages in a polite log with marks on my own', () => {
    render(
      <ChatMessages
        label="与平台客服的消息"
        messages={[message(1, 'company', '你好'), message(2, 'operator', '您好'), message(3, 'company', '在吗')]}
        mySide="company"
        otherReadId={1}
        otherDeliveredId={3}
        hasMore
        loading={false}
        onLoadMore={() => undefined}
        renderImage={() => null}
      />,
    );
    const log = screen.getByRole('log', { name: '与平台客服的消息' });
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(log).toHaveTextContent('你好');
    expect(log).toHaveTextContent('已读');
    expect(log).toHaveTextContent('已送达');
    expect(screen.getByRole('button', { name: /加载更多/ })).toBeInTheDocument();
  });

  it('takes a reader at the bottom down to an arriving picture once it has loaded', () => {
    const picture: TChatMessage = { ...message(2, 'company', ''), kind: 'image', imageUrl: '/api/chat/image/2' };
    const props = {
      label: '消息',
      mySide: 'operator' as const,
      otherReadId: 0,
      otherDeliveredId: 0,
      hasMore: false,
      loading: false,
      onLoadMore: () => undefined,
      renderImage: () => <img src="blob:picture" alt="聊天图片" />,
    };
    const { rerender } = render(<ChatMessages {...props} messages={[message(1, 'company', '你好')]} />);
    const log = screen.getByRole('log', { name: '消息' });
    // jsdom lays nothing out: the box's heights are given, and scrollTop is kept as set.
    let height = 300;
    let top = 0;
    Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => 200 });
    Object.defineProperty(log, 'scrollTop', { configurable: true, get: () => top, set: (v: number) => (top = v) });
    rerender(<ChatMessages {...props} messages={[message(1, 'company', '你好'), picture]} />);
    expect(top).toBe(300);
    // The picture loads and the thread grows under the reader.
    height = 700;
    fireEvent.load(screen.getByRole('img', { name: '聊天图片' }));
    expect(top).toBe(700);

    // A reader who scrolled up to older messages stays where they are.
    top = 100;
    fireEvent.scroll(log);
    height = 900;
    fireEvent.load(screen.getByRole('img', { name: '聊天图片' }));
    expect(top).toBe(100);
  });

  it('marks sent, delivered and read', () => {
    expect(deliveryMark(5, 4, 4)).toBe('已发送');
    expect(deliveryMark(5, 4, 5)).toBe('已送达');
    expect(deliveryMark(5, 5, 5)).toBe('已读');
  });
});

describe('ChatComposer', () => {
  it('sends on Enter, breaks the line on Shift+Enter, and clears after sending', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<ChatComposer onSendText={send} onSendImage={() => Promise.resolve()} />);
    const box = screen.getByLabelText('输入消息');
    fireEvent.change(box, { target: { value: '你好' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(send).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).toHaveBeenCalledWith('你好');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByRole('button', { name: '发送图片' })).toBeInTheDocument();
  });
});

describe('parseEventStream', () => {
  it('reads ids, event names and data, and keeps an unfinished event for later', () => {
    const events: TStreamEvent[] = [];
    const rest = parseEventStream(
      'retry: 3000\n: open\n\nid: 7\nevent: message\ndata: {"a":1}\n\nevent: conversation\ndata: x\n\nid: 8\nda',
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { id: '7', event: 'message', data: '{"a":1}' },
      { id: undefined, event: 'conversation', data: 'x' },
    ]);
    expect(rest).toBe('id: 8\nda');
  });
});
