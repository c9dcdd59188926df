import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getButton, mockApi, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { PdfPreviewPage, sameOriginUrl } from './routes/pdf-preview-page.tsx';

// pdf.js uses Promise.withResolvers (Node 22+, every browser the console supports): this Node lacks it.
const promise = Promise as unknown as { withResolvers?: () => unknown };
promise.withResolvers ??= () => {
  let resolve: unknown;
  let reject: unknown;
  const p = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise: p, resolve, reject };
};

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
afterEach(() => {
  api?.restore();
  api = undefined;
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  vi.restoreAllMocks();
});

const renderPreview = (search: string) =>
  renderScreen(PdfPreviewPage, { path: '/pdfPreview', initialEntry: `/pdfPreview${search}` });

describe('文件预览', () => {
  it('takes only addresses of this site', () => {
    const origin = 'https://pay.example.com';
    expect(sameOriginUrl('/api/contract/5/pdf', origin)).toBe('https://pay.example.com/api/contract/5/pdf');
    expect(sameOriginUrl('https://pay.example.com/api/x?a=1', origin)).toBe('https://pay.example.com/api/x?a=1');
    expect(sameOriginUrl('https://evil.example.com/x.pdf', origin)).toBeNull();
    expect(sameOriginUrl('//evil.example.com/x.pdf', origin)).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBeNull();
    expect(sameOriginUrl('', origin)).toBeNull();
    expect(sameOriginUrl(null, origin)).toBeNull();
  });

  it('says 无法预览 for a missing or outside address, and loads nothing', () => {
    api = mockApi({});
    const { unmount } = renderPreview('');
    expect(screen.getByText('无法预览')).toBeInTheDocument();
    expect(screen.getByText('文件地址无效。')).toBeInTheDocument();
    unmount();
    renderPreview(`?url=${encodeURIComponent('https://evil.example.com/x.pdf')}`);
    expect(screen.getByText('无法预览')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /下载/ })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('names the file, zooms in steps within its limits, and downloads under the given name', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // The page fetches the absolute address of this site.
    api = mockApi({ [`GET ${window.location.origin}/api/contract/5/pdf`]: () => ({ body: new Blob(['%PDF-1.4']) }) });
    renderPreview(`?url=${encodeURIComponent('/api/contract/5/pdf')}&name=${encodeURIComponent('合同_HT-1.pdf')}`);
    expect(screen.getByText('合同_HT-1.pdf')).toBeInTheDocument();
    expect(document.title).toContain('文件预览');
    expect(screen.getByText('120%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '放大' }));
    expect(screen.getByText('140%')).toBeInTheDocument();
    const smaller = screen.getByRole('button', { name: '缩小' });
    for (let i = 0; i < 5; i++) await user.click(smaller);
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(smaller).toBeDisabled();
    await user.click(getButton('下载'));
    await waitFor(() => expect(saved).toEqual(['合同_HT-1.pdf']));
  });

  it('names the file by its address when no name is given', () => {
    renderPreview(`?url=${encodeURIComponent('/api/receipts/%E5%9B%9E%E5%8D%95.pdf')}`);
    expect(screen.getByText('回单.pdf')).toBeInTheDocument();
  });

  it('says 文件加载失败 when pdf.js cannot open the file (here: no worker in the test DOM)', async () => {
    renderPreview(`?url=${encodeURIComponent('/api/contract/404/pdf')}`);
    expect(await screen.findByText('文件加载失败', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('文件不存在、已过期或不是有效的 PDF。')).toBeInTheDocument();
  });
});
