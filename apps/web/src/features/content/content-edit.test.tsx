import { API } from '@flexpay/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { configureRequest } from '../../lib/request.ts';
import { useSession } from '../../lib/session-store.ts';
import { Component as AddAdvertisingPage } from './routes/add-advertising-page.tsx';
import { Component as AddArticlePage } from './routes/add-article-page.tsx';
import { Component as EditHomeModulePage } from './routes/edit-home-module-page.tsx';
import { Component as UpdateAdvertisingPage } from './routes/update-advertising-page.tsx';
import { Component as UpdateArticlePage } from './routes/update-article-page.tsx';
import { ADVERT, ARTICLE, IMAGE_ID, MODULE, png } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() => useSession.setState({ elements: { 'content:view': true, 'content:edit': true } }));
afterEach(() => {
  api?.restore();
  api = undefined;
});

/** The form item whose label is `label`. */
function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

const stored = { [`GET ${API.file.one}`]: () => ({ body: 'image-bytes' }) };
const uploaded = {
  [`POST ${API.file.upload}`]: () =>
    ok({ id: IMAGE_ID, name: 'banner.png', size: 4, contentType: 'image/png', url: `/api/admin/file/${IMAGE_ID}` }),
};

describe('编辑文章', () => {
  const renderEdit = (search = '?id=5') =>
    renderScreen(UpdateArticlePage, {
      path: '/content/updateArticle',
      initialEntry: `/content/updateArticle${search}`,
      otherPaths: ['/content/article'],
    });

  it('fills the form with the article and puts the whole article, trimmed, then goes back to the list', async () => {
    api = mockApi({
      [`GET ${API.content.article}`]: () => ok(ARTICLE),
      [`PUT ${API.content.article}`]: (call) => ok({ ...ARTICLE, ...(call.body as object) }),
    });
    renderEdit();
    const title = await screen.findByLabelText('文章标题');
    expect(title).toHaveValue('本月薪酬发放安排');
    expect(screen.getByLabelText('摘要')).toHaveValue('本月工资于 25 日发放。');
    expect(screen.getByRole('radio', { name: '已发布' })).toBeChecked();
    fireEvent.change(title, { target: { value: ' 十二月薪酬发放安排 ' } });
    await user.click(screen.getByRole('radio', { name: '草稿' }));
    await user.click(getButton('保存'));
    expect(await screen.findByText('当前页面：/content/article')).toBeInTheDocument();
    expect(screen.getByText('文章已保存')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/admin/content/article/5');
    expect(put?.body).toEqual({
      title: '十二月薪酬发放安排',
      summary: '本月工资于 25 日发放。',
      coverFileId: null,
      body: '<p>工资于 25 日发放。</p>',
      status: 'draft',
    });
  });

  it('keeps an empty title from being sent, and puts the server’s message under its field', async () => {
    api = mockApi({
      [`GET ${API.content.article}`]: () => ok(ARTICLE),
      [`PUT ${API.content.article}`]: () =>
        fail(400, 40000, '文章标题已被使用', { errors: [{ path: 'title', message: '文章标题已被使用' }] }),
    });
    renderEdit();
    const title = await screen.findByLabelText('文章标题');
    fireEvent.change(title, { target: { value: '   ' } });
    await user.click(getButton('保存'));
    expect(await within(formItem('文章标题')).findByText('请输入文章标题')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(title, { target: { value: '本月薪酬' } });
    await user.click(getButton('保存'));
    expect(await within(formItem('文章标题')).findByText('文章标题已被使用')).toBeInTheDocument();
    expect(screen.queryByText('当前页面：/content/article')).toBeNull();
  });

  it('previews the saved publish time with the edited title', async () => {
    api = mockApi({ [`GET ${API.content.article}`]: () => ok(ARTICLE) });
    renderEdit();
    fireEvent.change(await screen.findByLabelText('文章标题'), { target: { value: '新标题' } });
    await user.click(getButton('预览'));
    const dialog = await screen.findByRole('dialog', { name: '文章预览（未保存）' });
    expect(within(dialog).getByRole('heading', { name: '新标题' })).toBeInTheDocument();
    expect(within(dialog).getByText('发布于 2026-11-25 10:00:00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /关闭预览/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '文章预览（未保存）' })).toBeNull());
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('says 缺少文章编号 without an id, and 文章加载失败 with 重新加载 when loading fails', async () => {
    let answers = 0;
    api = mockApi({
      [`GET ${API.content.article}`]: () => {
        answers += 1;
        return answers === 1 ? fail(500, 50000, '服务器开小差了') : ok(ARTICLE);
      },
    });
    const { unmount } = renderEdit('');
    expect(await screen.findByText('缺少文章编号')).toBeInTheDocument();
    expect(screen.getByText('请从文章列表进入编辑页面。')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    unmount();
    renderEdit();
    expect(screen.getByText('正在加载文章…')).toBeInTheDocument();
    expect(await screen.findByText('文章加载失败')).toBeInTheDocument();
    await user.click(getButton('重新加载'));
    expect(await screen.findByLabelText('文章标题')).toHaveValue('本月薪酬发放安排');
  });
});

describe('添加文章', () => {
  it('asks for a title and a body before sending, and 取消 goes back to the list', async () => {
    api = mockApi({});
    renderScreen(AddArticlePage, { path: '/content/addArticle', otherPaths: ['/content/article'] });
    expect(screen.getByRole('radio', { name: '草稿' })).toBeChecked();
    await user.click(getButton('保存'));
    expect(await within(formItem('文章标题')).findByText('请输入文章标题')).toBeInTheDocument();
    expect(within(formItem('正文')).getByText('请输入正文')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.click(getButton('取消'));
    expect(await screen.findByText('当前页面：/content/article')).toBeInTheDocument();
  });
});

describe('编辑模块', () => {
  it('saves the changed order and state as the whole module', async () => {
    api = mockApi({
      [`GET ${API.content.module}`]: () => ok(MODULE),
      [`PUT ${API.content.module}`]: (call) => ok({ ...MODULE, ...(call.body as object) }),
    });
    renderScreen(EditHomeModulePage, {
      path: '/content/editHomeModule',
      initialEntry: '/content/editHomeModule?id=7',
      otherPaths: ['/content/homeModule'],
    });
    expect(await screen.findByDisplayValue('薪酬发放')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '本系统页面' })).toBeChecked();
    const sort = screen.getByLabelText('排序');
    expect(sort).toHaveValue('2');
    fireEvent.change(sort, { target: { value: '5' } });
    await user.click(screen.getByRole('switch', { name: '启用' }));
    await user.click(getButton('保存'));
    expect(await screen.findByText('当前页面：/content/homeModule')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: '薪酬发放',
      icon: 'WalletOutlined',
      link: '/EmolumentManagement/emolumentGrant',
      sort: 5,
      enabled: false,
    });
  });

  it('opens an outside address as 外部网址, and says 首页模块加载失败 when loading fails', async () => {
    api = mockApi({ [`GET ${API.content.module}`]: () => ok({ ...MODULE, link: 'https://www.chinatax.gov.cn' }) });
    const { unmount } = renderScreen(EditHomeModulePage, {
      path: '/content/editHomeModule',
      initialEntry: '/content/editHomeModule?id=7',
    });
    expect(await screen.findByLabelText('网址')).toHaveValue('https://www.chinatax.gov.cn');
    expect(screen.getByRole('radio', { name: '外部网址' })).toBeChecked();
    unmount();
    api.restore();
    api = mockApi({ [`GET ${API.content.module}`]: () => fail(404, 40400, '首页模块不存在') });
    renderScreen(EditHomeModulePage, { path: '/content/editHomeModule', initialEntry: '/content/editHomeModule?id=7' });
    expect(await screen.findByText('首页模块加载失败')).toBeInTheDocument();
    expect(screen.getByText('首页模块不存在', { selector: '.ant-result-subtitle' })).toBeInTheDocument();
  });
});

describe('添加广告', () => {
  it('uploads the chosen image, then posts the advert with its days and place', async () => {
    api = mockApi({
      ...uploaded,
      ...stored,
      [`POST ${API.content.advertCreate}`]: (call) => ok({ ...ADVERT, ...(call.body as object) }),
    });
    renderScreen(AddAdvertisingPage, { path: '/content/addAdvertising', otherPaths: ['/content/advertising'] });
    fireEvent.change(screen.getByLabelText('广告标题'), { target: { value: ' 年终福利 ' } });
    await user.upload(formItem('广告图片').querySelector('input[type="file"]') as HTMLInputElement, png());
    expect(await screen.findByText('更换广告图片')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('链接'), { target: { value: '/EmolumentManagement/emolumentGrant' } });
    await user.click(getButton('保存'));
    expect(await screen.findByText('当前页面：/content/advertising')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.url === API.content.advertCreate)?.body).toEqual({
      title: '年终福利',
      imageFileId: IMAGE_ID,
      link: '/EmolumentManagement/emolumentGrant',
      position: 'homeBanner',
      startDate: dayjs().format('YYYY-MM-DD'),
      endDate: dayjs().add(30, 'day').format('YYYY-MM-DD'),
      sort: 0,
      enabled: true,
    });
  });

  it('says what is missing or wrong before sending: the title and a link that is no page nor address', async () => {
    api = mockApi({});
    renderScreen(AddAdvertisingPage, { path: '/content/addAdvertising' });
    fireEvent.change(screen.getByLabelText('链接'), { target: { value: 'www.example.com' } });
    await user.click(getButton('保存'));
    expect(await within(formItem('广告标题')).findByText('请输入广告标题')).toBeInTheDocument();
    expect(
      within(formItem('链接')).getByText('链接须为以 / 开头的页面路径或 http(s):// 开头的网址'),
    ).toBeInTheDocument();
    expect(within(formItem('广告图片')).getByText('请上传广告图片')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a file that is not a PNG or JPG without uploading it', async () => {
    api = mockApi({ ...uploaded });
    renderScreen(AddAdvertisingPage, { path: '/content/addAdvertising' });
    const input = formItem('广告图片').querySelector('input[type="file"]') as HTMLInputElement;
    const pdf = new File(['%PDF'], 'banner.pdf', { type: 'application/pdf' });
    // The input's accept would filter it out of a user's choice: hand it over as a drop would.
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('广告图片须为图片（PNG、JPG）文件')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('编辑广告', () => {
  it('fills the form with the advert and puts it with the same days', async () => {
    api = mockApi({
      ...stored,
      [`GET ${API.content.advert}`]: () => ok(ADVERT),
      [`PUT ${API.content.advert}`]: (call) => ok({ ...ADVERT, ...(call.body as object) }),
    });
    renderScreen(UpdateAdvertisingPage, {
      path: '/content/updateAdvertising',
      initialEntry: '/content/updateAdvertising?id=9',
      otherPaths: ['/content/advertising'],
    });
    expect(await screen.findByLabelText('广告标题')).toHaveValue('年终福利');
    expect(screen.getByLabelText('链接')).toHaveValue('https://www.example.com/welfare');
    expect(screen.getByPlaceholderText('开始日期')).toHaveValue('2026-01-01');
    expect(screen.getByPlaceholderText('结束日期')).toHaveValue('2099-12-31');
    expect(screen.getByText('更换广告图片')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('链接'), { target: { value: '' } });
    await user.click(getButton('保存'));
    expect(await screen.findByText('广告已保存')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/admin/content/advert/9');
    expect(put?.body).toEqual({
      title: '年终福利',
      imageFileId: IMAGE_ID,
      link: '',
      position: 'homeBanner',
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      sort: 1,
      enabled: true,
    });
  });

  it('puts a server message about the days under 投放日期, and only there (no toast too)', async () => {
    const toasted: string[] = [];
    const restoreToasts = configureRequest({ notifyError: (text) => toasted.push(text) });
    api = mockApi({
      ...stored,
      [`GET ${API.content.advert}`]: () => ok(ADVERT),
      [`PUT ${API.content.advert}`]: () =>
        fail(400, 40000, '结束日期不能早于开始日期', {
          errors: [{ path: 'endDate', message: '结束日期不能早于开始日期' }],
        }),
    });
    renderScreen(UpdateAdvertisingPage, {
      path: '/content/updateAdvertising',
      initialEntry: '/content/updateAdvertising?id=9',
    });
    await screen.findByLabelText('广告标题');
    await user.click(getButton('保存'));
    expect(await within(formItem('投放日期')).findByText('结束日期不能早于开始日期')).toBeInTheDocument();
    expect(toasted).toEqual([]);
    restoreToasts();
  });
});
