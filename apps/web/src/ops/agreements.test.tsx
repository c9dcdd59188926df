import { API, type TAgreementServiceCompany } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_TOKEN_STORAGE_KEY } from './lib/ops-token.ts';
import { OPERATOR } from './test-data.ts';
import { buttonName, mockOpsApi, ok, renderOps, setupUser } from './test-utils.tsx';

const COMPANIES: TAgreementServiceCompany[] = [
  {
    id: 7,
    name: '海南灵工服务有限公司',
    templates: [
      {
        id: 3,
        serviceCompanyId: 7,
        version: 2,
        title: '共享经济合作伙伴协议',
        fileName: 'v2.pdf',
        size: 2048,
        sha256: 'c'.repeat(64),
        requiresResign: true,
        createdAt: '2026-11-28T02:00:00.000Z',
      },
    ],
  },
  { id: 8, name: '江苏智薪人力资源有限公司', templates: [] },
];

/** The upload of a new version of 海南灵工's agreement, signed workers not asked again. */
const UPLOAD_URL = `/api/ops/serviceCompany/7/agreementTemplate?${new URLSearchParams({ title: '共享经济合作伙伴协议', requiresResign: 'false' }).toString()}`;

describe('协议模板 (/ops)', () => {
  let restore: () => void = () => {};
  beforeEach(() => localStorage.setItem(OPS_TOKEN_STORAGE_KEY, 'ops-token-1'));
  afterEach(() => {
    restore();
    localStorage.clear();
  });

  it('shows each service company’s current agreement, and one without any', { timeout: 60_000 }, async () => {
    const api = mockOpsApi({
      [`GET ${API.ops.info}`]: () => ok(OPERATOR),
      [`GET ${API.ops.agreementServiceCompanies}`]: () => ok(COMPANIES),
    });
    restore = api.restore;
    renderOps('/ops/agreements');
    const hainan = (await screen.findByText('海南灵工服务有限公司', {}, { timeout: 15_000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(hainan).getByText('《共享经济合作伙伴协议》第 2 版')).toBeInTheDocument();
    const jiangsu = screen.getByText('江苏智薪人力资源有限公司').closest('tr') as HTMLElement;
    expect(within(jiangsu).getByText('未上传（无法发起签约）')).toBeInTheDocument();
  });

  it(
    'uploads a new version with its title and whether signed workers sign again; asks for the file',
    { timeout: 60_000 },
    async () => {
      const api = mockOpsApi({
        [`GET ${API.ops.info}`]: () => ok(OPERATOR),
        [`GET ${API.ops.agreementServiceCompanies}`]: () => ok(COMPANIES),
        [`POST ${UPLOAD_URL}`]: () => ok({ ...COMPANIES[0]?.templates[0], id: 4, version: 3 }),
      });
      restore = api.restore;
      const user = setupUser();
      renderOps('/ops/agreements');
      const hainan = (await screen.findByText('海南灵工服务有限公司', {}, { timeout: 15_000 })).closest(
        'tr',
      ) as HTMLElement;
      await user.click(within(hainan).getByRole('button', { name: buttonName('上传新版本') }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByLabelText('协议名称')).toHaveValue('共享经济合作伙伴协议');
      await user.click(within(dialog).getByRole('button', { name: buttonName('上传') }));
      expect(await within(dialog).findByText('请选择协议 PDF 文件')).toBeInTheDocument();
      await user.upload(
        within(dialog).getByLabelText('协议文件'),
        new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'v3.pdf', { type: 'application/pdf' }),
      );
      await user.click(within(dialog).getByRole('switch'));
      await user.click(within(dialog).getByRole('button', { name: buttonName('上传') }));
      expect(await screen.findByText('已上传《共享经济合作伙伴协议》第 3 版')).toBeInTheDocument();
      await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
      const post = api.calls.find((c) => c.method === 'POST');
      expect(post?.url).toBe(
        '/api/ops/serviceCompany/7/agreementTemplate?title=%E5%85%B1%E4%BA%AB%E7%BB%8F%E6%B5%8E%E5%90%88%E4%BD%9C%E4%BC%99%E4%BC%B4%E5%8D%8F%E8%AE%AE&requiresResign=false',
      );
    },
  );
});
