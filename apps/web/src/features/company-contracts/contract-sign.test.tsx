import type { TCompanyContractDetail } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as ContractDetailPage } from './routes/contract-detail-page.tsx';
import { PENDING } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
afterEach(() => {
  api?.restore();
  api = undefined;
});

const ORIGINAL = 'a'.repeat(64);
const SIGNED: TCompanyContractDetail = {
  ...PENDING,
  state: 'signed',
  signedAt: '2026-11-28T12:00:00.000Z',
  actions: [],
  signature: {
    method: 'online',
    signedAt: '2026-11-28T12:00:00.000Z',
    signerName: '张经理',
    originalSha256: ORIGINAL,
    signedSha256: 'b'.repeat(64),
  },
};

const PATH = '/contract/enterpriseContreactDetail/:id';

describe('在线签署 on 合同详情', () => {
  beforeEach(() => useSession.setState({ elements: { 'contract:view': true, 'contract:sign': true } }));

  it(
    'signs a 待签署 contract with an SMS code; a wrong code is said at the field; then shows the signature',
    { timeout: 120_000 },
    async () => {
      let signs = 0;
      api = mockApi({
        'GET /api/contract/signMethods': () => ok({ sms: true, totp: false, mobile: '138****0001' }),
        'POST /api/contract/signCode': () =>
          ok({ token: 'tok-1', mobile: '138****0001', resendAfterSeconds: 60, demoCode: null }),
        'POST /api/contract/:id/sign': () => {
          signs += 1;
          if (signs === 1) {
            return fail(400, 40000, '短信验证码错误', { errors: [{ path: 'code', message: '短信验证码错误' }] });
          }
          return ok(SIGNED, '合同已签署');
        },
        // After the named paths: `:id` would take them.
        'GET /api/contract/:id': () => ok(signs >= 2 ? SIGNED : PENDING),
      });
      renderScreen(ContractDetailPage, { path: PATH, initialEntry: '/contract/enterpriseContreactDetail/5' });
      await user.click(await screen.findByRole('button', { name: /在线签署/ }));
      const dialog = await screen.findByRole('dialog', { name: '在线签署合同' });
      expect(within(dialog).getByText(/灵活用工综合服务协议（HT-2026-005）/)).toBeInTheDocument();
      const confirm = within(dialog).getByRole('button', { name: /确认签署/ });
      expect(confirm).toBeDisabled();
      await user.click(within(dialog).getByRole('button', { name: /获取验证码/ }));
      await user.type(within(dialog).getByLabelText('短信验证码'), '111111');
      await user.click(confirm);
      expect(await within(dialog).findByText('短信验证码错误')).toBeInTheDocument();
      await user.clear(within(dialog).getByLabelText('短信验证码'));
      await user.type(within(dialog).getByLabelText('短信验证码'), '222222');
      await user.click(within(dialog).getByRole('button', { name: /确认签署/ }));

      // The signature shows: method, signer, time and both hashes; no 在线签署 any more.
      expect(await screen.findByText('签署信息')).toBeInTheDocument();
      expect(screen.getByText('在线签署')).toBeInTheDocument();
      expect(screen.getByText('张经理')).toBeInTheDocument();
      expect(screen.getByText(ORIGINAL)).toBeInTheDocument();
      expect(screen.getByText('合同_HT-2026-005_已签署.pdf')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('button', { name: /在线签署/ })).toBeNull());
      const calls = api.calls.filter((c) => c.method === 'POST' && c.url === '/api/contract/5/sign');
      expect(calls.map((c) => c.body)).toEqual([
        { method: 'sms', token: 'tok-1', code: '111111' },
        { method: 'sms', token: 'tok-1', code: '222222' },
      ]);
    },
  );

  it('offers no 在线签署 without contract:sign', { timeout: 60_000 }, async () => {
    useSession.setState({ elements: { 'contract:view': true } });
    api = mockApi({ 'GET /api/contract/:id': () => ok(PENDING) });
    renderScreen(ContractDetailPage, { path: PATH, initialEntry: '/contract/enterpriseContreactDetail/5' });
    await screen.findByText('合同详情 HT-2026-005');
    expect(screen.queryByRole('button', { name: /在线签署/ })).toBeNull();
    expect(getButton('返回合同列表')).toBeEnabled();
  });
});
