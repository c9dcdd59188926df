import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen } from '../../components/test-utils.tsx';
import { Component as AddAdvertisingPage } from './routes/add-advertising-page.tsx';
import { Component as AddHomeModulePage } from './routes/add-home-module-page.tsx';
import { Component as EditHomeModulePage } from './routes/edit-home-module-page.tsx';
import { contentImageError } from './components/image-upload.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  api = undefined;
});

const MODULE = {
  id: 7,
  title: '薪酬发放',
  icon: 'WalletOutlined',
  link: '/EmolumentManagement/emolumentGrant',
  sort: 2,
  enabled: true,
  createdAt: '2026-11-25T02:00:00.000Z',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

describe('内容管理 forms', () => {
  it('添加模块 offers the console’s pages by menu name, checks the fields, then posts the trimmed module', async () => {
    api = mockApi({ 'POST /api/admin/content/homeModule': (call) => ok({ ...MODULE, ...(call.body as object) }) });
    renderScreen(AddHomeModulePage, { path: '/content/addHomeModule' });
    fireEvent.click(getButton('保存'));
    expect(await screen.findByText('请输入模块名称')).toBeInTheDocument();
    expect(screen.getByText('请选择页面')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('模块名称'), { target: { value: '  员工管理 ' } });
    // No path to type: the page is picked by the words of the menu.
    fireEvent.mouseDown(screen.getByLabelText('页面'));
    fireEvent.click(await screen.findByTitle('员工管理 / 员工列表'));
    expect(screen.queryByTitle('员工管理 / 添加员工')).not.toBeInTheDocument();
    fireEvent.click(getButton('保存'));
    await waitFor(() => expect(api?.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({
      title: '员工管理',
      icon: 'AppstoreOutlined',
      link: '/EmployeeManagement/listEmployee',
      sort: 0,
      enabled: true,
    });
  });

  it('添加模块 takes an outside address only as such, refusing anything but http(s)', async () => {
    api = mockApi({ 'POST /api/admin/content/homeModule': (call) => ok({ ...MODULE, ...(call.body as object) }) });
    renderScreen(AddHomeModulePage, { path: '/content/addHomeModule' });
    fireEvent.change(screen.getByLabelText('模块名称'), { target: { value: '税务局' } });
    fireEvent.click(screen.getByRole('radio', { name: '外部网址' }));
    const address = await screen.findByLabelText('网址');
    for (const bad of ['javascript:alert(1)', '/EmployeeManagement/listEmployee']) {
      fireEvent.change(address, { target: { value: bad } });
      fireEvent.click(getButton('保存'));
      expect(await screen.findByText('网址须以 http:// 或 https:// 开头')).toBeInTheDocument();
    }
    expect(api.calls).toHaveLength(0);
    fireEvent.change(address, { target: { value: 'https://www.chinatax.gov.cn' } });
    fireEvent.click(getButton('保存'));
    await waitFor(() => expect(api?.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toMatchObject({ title: '税务局', link: 'https://www.chinatax.gov.cn' });
  });

  it('编辑模块 loads the module and shows the server’s Chinese message under its field', async () => {
    api = mockApi({
      'GET /api/admin/content/homeModule/:id': () => ok(MODULE),
      'PUT /api/admin/content/homeModule/:id': () =>
        fail(400, 40000, '模块名称最多 20 个字', { errors: [{ path: 'title', message: '模块名称最多 20 个字' }] }),
    });
    renderScreen(EditHomeModulePage, { path: '/content/editHomeModule', initialEntry: '/content/editHomeModule?id=7' });
    expect(await screen.findByDisplayValue('薪酬发放')).toBeInTheDocument();
    // The saved path shows as the page's menu name.
    expect(screen.getByTitle('薪酬管理 / 薪酬发放')).toBeInTheDocument();
    fireEvent.click(getButton('保存'));
    expect(await screen.findByText('模块名称最多 20 个字')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.url).toBe('/api/admin/content/homeModule/7');
  });

  it('添加广告 needs an image before it sends anything', async () => {
    api = mockApi({});
    renderScreen(AddAdvertisingPage, { path: '/content/addAdvertising' });
    fireEvent.change(screen.getByLabelText('广告标题'), { target: { value: '年终福利' } });
    fireEvent.click(getButton('保存'));
    expect(await screen.findByText('请上传广告图片')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('refuses a chosen file that is not a PNG or JPG, or too large, before uploading', () => {
    expect(contentImageError({ type: 'application/pdf', size: 10 }, '封面图片')).toBe(
      '封面图片须为图片（PNG、JPG）文件',
    );
    expect(contentImageError({ type: 'image/gif', size: 10 }, '图片')).toBe('图片须为图片（PNG、JPG）文件');
    expect(contentImageError({ type: 'image/png', size: 11 * 1024 * 1024 }, '图片')).toBe('图片不能超过 10 MB');
    expect(contentImageError({ type: 'image/jpeg', size: 0 }, '图片')).toBe('图片是空文件，请重新选择');
    expect(contentImageError({ type: 'image/jpeg', size: 100 }, '图片')).toBeUndefined();
  });
});
