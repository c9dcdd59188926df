import { API } from '@flexpay/contract/web';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, setupUser } from '../../components/test-utils.tsx';
import RichTextEditor from './components/rich-text-editor.tsx';
import { IMAGE_ID, png } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
afterEach(() => {
  api?.restore();
  api = undefined;
});

function renderEditor(value: string) {
  const onChange = vi.fn<(html: string) => void>();
  // A picture of the body is read through the query cache (StoredImage).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RichTextEditor label="正文" value={value} onChange={onChange} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onChange;
}

describe('正文 editor', () => {
  it('shows the body it is given, with its formatting tools named', async () => {
    renderEditor('<h2>发放时间</h2><p>工资于 <strong>25 日</strong>发放。</p>');
    const body = await screen.findByRole('textbox', { name: '正文' });
    expect(within(body).getByRole('heading', { name: '发放时间', level: 2 })).toBeInTheDocument();
    expect(within(body).getByText('25 日').tagName).toBe('STRONG');
    const toolbar = screen.getByRole('toolbar', { name: '正文格式' });
    for (const name of ['加粗', '斜体', '下划线', 'H2 二级标题', '无序列表', '链接', '插入图片']) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    // Nothing typed yet: nothing to undo.
    expect(within(toolbar).getByRole('button', { name: '撤销' })).toBeDisabled();
  });

  it('uploads an inserted picture and hands the form its file address as src', async () => {
    api = mockApi({
      [`POST ${API.file.upload}`]: () =>
        ok({ id: IMAGE_ID, name: 'banner.png', size: 4, contentType: 'image/png', url: '' }),
      [`GET ${API.file.one}`]: () => ({ body: 'image-bytes' }),
    });
    const onChange = renderEditor('<p>见下图</p>');
    await screen.findByRole('textbox', { name: '正文' });
    const toolbar = screen.getByRole('toolbar', { name: '正文格式' });
    await user.upload(toolbar.querySelector('input[type="file"]') as HTMLInputElement, png('薪酬日历.png'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.calls.at(-1)?.[0] ?? '';
    const saved = document.createElement('template');
    saved.innerHTML = html;
    const img = saved.content.querySelector('img');
    expect(img?.getAttribute('src')).toBe(`/api/admin/file/${IMAGE_ID}`);
    expect(img?.getAttribute('alt')).toBe('薪酬日历');
    expect(img?.hasAttribute('data-src')).toBe(false);
    expect(saved.content.textContent).toContain('见下图');
    expect(api.calls.filter((c) => c.url === API.file.upload)).toHaveLength(1);
  });

  it('refuses a picture that is not a PNG or JPG before uploading', async () => {
    api = mockApi({});
    const onChange = renderEditor('<p>见下图</p>');
    await screen.findByRole('textbox', { name: '正文' });
    const input = screen.getByRole('toolbar', { name: '正文格式' }).querySelector('input[type="file"]');
    fireEvent.change(input as HTMLInputElement, {
      target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByText('图片须为图片（PNG、JPG）文件')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a link that is not http(s) or mailto, and keeps the dialog open', async () => {
    renderEditor('<p>国家税务总局</p>');
    await screen.findByRole('textbox', { name: '正文' });
    await user.click(screen.getByRole('button', { name: '链接' }));
    const address = await screen.findByLabelText('链接地址（留空则移除链接）');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('链接须以 http://、https:// 或 mailto: 开头')).toBeInTheDocument();
    expect(screen.getByLabelText('链接地址（留空则移除链接）')).toBeInTheDocument();
  });
});
