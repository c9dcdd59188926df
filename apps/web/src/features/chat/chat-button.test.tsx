import { API, type TChatConversation, type TChatMessage } from '@flexpay/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { ChatButton, chatButtonLabel } from './components/chat-button.tsx';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const initial = useSession.getState();
const setSession = (elements: Record<string, boolean>, close = '') =>
  // No token: the live stream stays closed, the queries answer through mockApi.
  useSession.setState({
    token: '',
    elements,
    setting: { ...initial.setting, customerServiceObjClose: close, customerServiceObjPhoneNumber: '400-800-1234' },
  });
beforeEach(() => setSession({ 'chat:view': true, 'chat:send': true }));
afterEach(() => {
  api?.restore();
  api = undefined;
  useSession.setState({ token: initial.token, elements: initial.elements, setting: initial.setting });
});

const message = (id: number, side: 'company' | 'operator', text: string): TChatMessage => ({
  id,
  conversationId: 1,
  companyId: 1,
  side,
  senderName: side === 'company' ? '林晓' : '平台运营',
  kind: 'text',
  text,
  imageUrl: null,
  createdAt: '2026-11-28T03:04:05.000Z',
});
const CONVERSATION: TChatConversation = {
  id: 1,
  companyId: 1,
  companyName: '星河科技有限公司',
  status: 'open',
  assignedOperatorId: 3,
  assignedOperatorName: '王客服',
  lastMessageAt: '2026-11-28T03:04:05.000Z',
  lastMessageText: '您好',
  companyReadId: 1,
  operatorReadId: 1,
  companyDeliveredId: 2,
  operatorDeliveredId: 1,
  unread: 1,
};

const renderChat = () => renderScreen(ChatButton, { path: '/' });

describe('在线客服', () => {
  it('names the unread count', () => {
    expect(chatButtonLabel(0)).toBe('在线客服');
    expect(chatButtonLabel(3)).toBe('在线客服，3 条未读');
  });

  it('is not there when the company turned it off or the admin may not read it', () => {
    api = mockApi({});
    setSession({ 'chat:view': true }, '0');
    const { unmount } = renderChat();
    expect(screen.queryByRole('button', { name: /在线客服/ })).toBeNull();
    unmount();
    setSession({});
    renderChat();
    expect(screen.queryByRole('button', { name: /在线客服/ })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the unread answers, opens the conversation, and marks the newest answer read', async () => {
    api = mockApi({
      [`GET ${API.chat.unread}`]: () => ok({ unread: 1 }),
      [`GET ${API.chat.conversation}`]: () => ok(CONVERSATION),
      [`GET ${API.chat.messages}`]: () =>
        ok({
          rows: [message(1, 'company', '工资什么时候到账？'), message(2, 'operator', '您好，今天到账')],
          hasMore: false,
        }),
      [`POST ${API.chat.read}`]: () => ok({ ...CONVERSATION, companyReadId: 2, unread: 0 }),
    });
    renderChat();
    await user.click(await screen.findByRole('button', { name: '在线客服，1 条未读' }));
    const drawer = await screen.findByRole('dialog', { name: '在线客服' });
    expect(within(drawer).getByText('400-800-1234')).toBeInTheDocument();
    expect(await within(drawer).findByText('客服 王客服 为您服务')).toBeInTheDocument();
    const log = within(drawer).getByRole('log', { name: '与平台客服的消息' });
    await waitFor(() => expect(log).toHaveTextContent('您好，今天到账'));
    expect(log).toHaveTextContent('工资什么时候到账？');
    await waitFor(() => expect(api?.calls.find((c) => c.url === API.chat.read)?.body).toEqual({ upTo: 2 }));
    expect(await screen.findByRole('button', { name: '在线客服' })).toBeInTheDocument();
  });

  it('sends the trimmed text and shows it in the conversation', async () => {
    api = mockApi({
      [`GET ${API.chat.unread}`]: () => ok({ unread: 0 }),
      [`GET ${API.chat.conversation}`]: () =>
        ok({ ...CONVERSATION, status: 'closed', assignedOperatorName: null, unread: 0 }),
      [`GET ${API.chat.messages}`]: () => ok({ rows: [], hasMore: false }),
      [`POST ${API.chat.text}`]: (call) => ok(message(3, 'company', (call.body as { text: string }).text)),
    });
    renderChat();
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    const drawer = await screen.findByRole('dialog', { name: '在线客服' });
    expect(await within(drawer).findByText('会话已结束，发送消息将重新开始')).toBeInTheDocument();
    const send = getButton('发送', drawer);
    expect(send).toBeDisabled();
    fireEvent.change(within(drawer).getByLabelText('输入消息'), { target: { value: '  请问发票进度？ ' } });
    await user.click(send);
    await waitFor(() => expect(within(drawer).getByRole('log')).toHaveTextContent('请问发票进度？'));
    expect(api.calls.find((c) => c.url === API.chat.text)?.body).toEqual({ text: '请问发票进度？' });
    expect(within(drawer).getByLabelText('输入消息')).toHaveValue('');
  });

  it('lets an admin without chat:send read but not write, and says why', async () => {
    setSession({ 'chat:view': true });
    api = mockApi({
      [`GET ${API.chat.unread}`]: () => ok({ unread: 0 }),
      [`GET ${API.chat.conversation}`]: () => ok({ ...CONVERSATION, assignedOperatorName: null, unread: 0 }),
      [`GET ${API.chat.messages}`]: () => ok({ rows: [], hasMore: false }),
    });
    renderChat();
    await user.click(await screen.findByRole('button', { name: '在线客服' }));
    const drawer = await screen.findByRole('dialog', { name: '在线客服' });
    expect(await within(drawer).findByText('等待客服接入')).toBeInTheDocument();
    const input = within(drawer).getByLabelText('输入消息');
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('placeholder', '当前用户无发送消息的权限');
    expect(within(drawer).getByRole('button', { name: '发送图片' })).toBeDisabled();
  });
});
