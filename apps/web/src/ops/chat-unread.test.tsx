/**
 * Issue 38 point 11: /ops shows unread chat outside 在线客服: a count on the menu item and in the
 * page title on every operator screen, kept live by the operators' chat stream.
 */
import { API } from '@flexpay/contract/web';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { mockOpsApi, ok, renderOps } from './test-utils.tsx';

/** A fake operators' stream: `send` writes an event to whoever is reading it. */
function fakeStream() {
  const readers: ReadableStreamDefaultController<Uint8Array>[] = [];
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (controller) => {
            readers.push(controller);
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    send: (text: string) => {
      for (const r of readers) r.enqueue(new TextEncoder().encode(text));
    },
  };
}

describe('unread chat on every /ops screen', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the count beside 在线客服 and in the title of 充值确认, and follows the stream', async () => {
    const stream = fakeStream();
    let unread = 3;
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.topupPage}`]: () => ok({ total: 0, rows: [] }),
      [`GET ${API.ops.chatUnread}`]: () => ok({ unread }),
    });
    restore = api.restore;
    renderOps('/ops/topups');

    const item = await screen.findByRole('menuitem', { name: /在线客服\s*，3 条未读/ }, { timeout: 15_000 });
    expect(item).toHaveTextContent('3');
    await waitFor(() => expect(document.title).toBe('(3) 充值确认 - 平台运营控制台'));
    expect(screen.getByRole('menuitem', { name: /充值确认/ })).not.toHaveTextContent(/\d/);

    // A company writes: the stream says so, and the count is asked again.
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalled());
    expect(String(stream.fetchMock.mock.calls[0]?.[0])).toContain(API.ops.chatStream);
    unread = 4;
    stream.send('id: 41\nevent: message\ndata: {}\n\n');
    expect(
      await screen.findByRole('menuitem', { name: /在线客服\s*，4 条未读/ }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(4) 充值确认 - 平台运营控制台'));

    // All read: no count, the plain title.
    unread = 0;
    stream.send('event: conversation\ndata: {}\n\n');
    await waitFor(() => expect(document.title).toBe('充值确认 - 平台运营控制台'), { timeout: 5_000 });
    expect(screen.getByRole('menuitem', { name: /在线客服$/ })).not.toHaveTextContent(/\d/);
  });
});
