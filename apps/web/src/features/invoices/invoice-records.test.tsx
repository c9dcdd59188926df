import { API } from '@flexpay/contract/web';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buttonName, fail, getButton, mockApi, ok, renderScreen, setupUser } from '../../components/test-utils.tsx';
import { useSession } from '../../lib/session-store.ts';
import { Component as DetailsPage } from './routes/records-details-page.tsx';
import { Component as ListPage } from './routes/records-list-page.tsx';
import { application, INFO } from './test-data.ts';

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();
beforeEach(() =>
  useSession.setState({ elements: { 'invoice:view': true, 'invoice:apply': true, 'invoice:edit': true } }),
);
afterEach(() => {
  api?.restore();
  api = undefined;
});

const LIST = '/invoiceCenter/recordsList';
const DETAILS = '/invoiceCenter/recordsDetails';
/** A dialog by its title (the info form opens over the drawer). */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** The value cell of a Descriptions item labelled `label`. */
const valueOf = (label: string) =>
  screen.getByText(label).closest('.ant-descriptions-item-label')?.nextElementSibling as HTMLElement;

describe('开票记录', () => {
  it('lists the applications with their status, and offers 编辑 only when rejected and 核对 once issued', async () => {
    api = mockApi({
      [`GET ${API.invoice.page}`]: () =>
        ok({
          total: 3,
          rows: [
            application(),
            application({ id: 13, applicationNo: 'FP00000013', status: 'rejected' }),
            application({ id: 14, applicationNo: 'FP00000014', status: 'issued', invoiceNo: '24310000000000000001' }),
          ],
        }),
    });
    renderScreen(ListPage, { path: LIST, otherPaths: ['/invoiceCenter/recordsEdit'] });
    await screen.findByText('FP00000012');
    const pending = rowOf('FP00000012');
    expect(within(pending).getByText('待审核')).toBeInTheDocument();
    expect(within(pending).getByText('¥1,000.00')).toBeInTheDocument();
    expect(within(pending).queryByRole('link', { name: '编辑' })).toBeNull();
    expect(within(pending).queryByRole('link', { name: '核对' })).toBeNull();
    const issued = rowOf('FP00000014');
    expect(within(issued).getByText('24310000000000000001')).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: '核对' })).toBeInTheDocument();
    await user.click(within(rowOf('FP00000013')).getByRole('link', { name: '编辑' }));
    expect(await screen.findByText('当前页面：/invoiceCenter/recordsEdit?id=13')).toBeInTheDocument();
  });

  it('says when to apply when there are no records, and why the list failed', async () => {
    api = mockApi({ [`GET ${API.invoice.page}`]: () => ok({ total: 0, rows: [] }) });
    const { unmount } = renderScreen(ListPage, { path: LIST });
    expect(await screen.findByText('暂无开票记录，发放完成后可申请开票')).toBeInTheDocument();
    unmount();
    api.restore();
    api = mockApi({ [`GET ${API.invoice.page}`]: () => fail(500, 50000, '服务器开小差了') });
    renderScreen(ListPage, { path: LIST });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
  });
});

describe('开票信息', () => {
  const openInfos = async () => {
    await screen.findByText('暂无开票记录，发放完成后可申请开票');
    await user.click(getButton('开票信息'));
    return screen.findByRole('dialog', { name: '开票信息' });
  };
  const noRecords = { [`GET ${API.invoice.page}`]: () => ok({ total: 0, rows: [] }) };

  it('新增开票信息 checks every required field and the credit code, then posts the info', async () => {
    api = mockApi({
      ...noRecords,
      [`GET ${API.invoice.infoList}`]: () => ok([]),
      [`POST ${API.invoice.infoCreate}`]: (call) => ok({ ...INFO, id: 4, ...(call.body as object) }),
    });
    renderScreen(ListPage, { path: LIST });
    const drawer = await openInfos();
    expect(await within(drawer).findByText('还没有开票信息')).toBeInTheDocument();
    await user.click(getButton('新增开票信息', drawer));
    const dialog = await dialogTitled('新增开票信息');
    const save = within(dialog).getByRole('button', { name: buttonName('保存') });
    await user.click(save);
    for (const text of ['请输入发票抬头', '请输入纳税人识别号', '请输入收件人', '请输入收件人电话', '请输入邮寄地址']) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    const field = (label: string) => within(dialog).getByLabelText(label);
    fireEvent.change(field('发票抬头'), { target: { value: '星河科技有限公司' } });
    fireEvent.change(field('纳税人识别号'), { target: { value: '91310000ma1k000018' } });
    fireEvent.change(field('收件人'), { target: { value: '王财务' } });
    fireEvent.change(field('收件人电话'), { target: { value: '电话' } });
    fireEvent.change(field('邮寄地址'), { target: { value: '上海市浦东新区' } });
    await user.click(save);
    expect(
      await within(dialog).findByText('纳税人识别号应为 18 位统一社会信用代码，请检查后重新输入'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('收件人电话格式有误')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    // Lower case is taken as upper case.
    fireEvent.change(field('纳税人识别号'), { target: { value: '91310000ma1k000019' } });
    fireEvent.change(field('收件人电话'), { target: { value: '13800000001' } });
    await user.click(within(dialog).getByRole('checkbox', { name: '设为默认开票信息' }));
    await user.click(save);
    expect(await screen.findByText('开票信息已保存')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '星河科技有限公司',
      taxNo: '91310000MA1K000019',
      recipient: '王财务',
      recipientPhone: '13800000001',
      recipientAddress: '上海市浦东新区',
      isDefault: true,
    });
  });

  it('编辑 starts from the info and puts it; 设为默认 is offered on the others', async () => {
    const other = { ...INFO, id: 4, title: '星河科技（北京）有限公司', isDefault: false };
    api = mockApi({
      ...noRecords,
      [`GET ${API.invoice.infoList}`]: () => ok([INFO, other]),
      [`POST ${API.invoice.infoSetDefault}`]: () => ok({ ...other, isDefault: true }),
      [`PUT ${API.invoice.infoOne}`]: (call) => ok({ ...INFO, ...(call.body as object) }),
    });
    renderScreen(ListPage, { path: LIST });
    const drawer = await openInfos();
    const first = (await within(drawer).findByText('星河科技有限公司')).closest('tr') as HTMLElement;
    expect(within(first).getByText('默认')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: '设为默认' })).toBeNull();
    const second = within(drawer).getByText('星河科技（北京）有限公司').closest('tr') as HTMLElement;
    await user.click(within(second).getByRole('button', { name: '设为默认' }));
    expect(await screen.findByText('已设为默认')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.url).toBe('/api/companystaff/ecompanyReceipt/4/default');

    await user.click(within(first).getByRole('button', { name: buttonName('编辑') }));
    const dialog = await dialogTitled('编辑开票信息');
    expect(within(dialog).getByLabelText('邮寄地址')).toHaveValue('上海市浦东新区');
    fireEvent.change(within(dialog).getByLabelText('邮寄地址'), { target: { value: '上海市黄浦区' } });
    await user.click(within(dialog).getByRole('button', { name: buttonName('保存') }));
    await waitFor(() => expect(api?.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/companystaff/ecompanyReceipt/3');
    expect(put?.body).toMatchObject({ title: '星河科技有限公司', recipientAddress: '上海市黄浦区', isDefault: true });
  });
});

describe('开票详情', () => {
  const renderDetails = (otherPaths: string[] = []) =>
    renderScreen(DetailsPage, { path: DETAILS, initialEntry: `${DETAILS}?id=12`, otherPaths });

  it('shows a rejected application with its reason, and 编辑并重新提交 leads to the edit', async () => {
    api = mockApi({
      [`GET ${API.invoice.one}`]: () => ok(application({ status: 'rejected', rejectReason: '抬头与税号不符' })),
    });
    renderDetails(['/invoiceCenter/recordsEdit']);
    expect(await screen.findByText('开票详情 FP00000012')).toBeInTheDocument();
    expect(valueOf('状态')).toHaveTextContent('已驳回');
    expect(valueOf('驳回原因')).toHaveTextContent('抬头与税号不符');
    expect(valueOf('开票金额')).toHaveTextContent('¥1,000.00');
    expect(valueOf('发票号码')).toHaveTextContent('-');
    expect(screen.getByText('2026-10 数据标注劳务费')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /发票核对/ })).toBeNull();
    await user.click(getButton('编辑并重新提交'));
    expect(await screen.findByText('当前页面：/invoiceCenter/recordsEdit?id=12')).toBeInTheDocument();
  });

  it('shows an issued invoice with its number, PDF and courier, and offers 发票核对', async () => {
    api = mockApi({
      [`GET ${API.invoice.one}`]: () =>
        ok(
          application({
            status: 'mailed',
            invoiceNo: '24310000000000000001',
            invoiceDate: '2026-11-22',
            invoiceFile: { id: 'f-1', name: '发票.pdf', size: 100, contentType: 'application/pdf', url: '' },
            courier: '顺丰',
            trackingNo: 'SF1234567890',
          }),
        ),
    });
    renderDetails();
    await screen.findByText('开票详情 FP00000012');
    expect(valueOf('发票号码')).toHaveTextContent('24310000000000000001');
    expect(valueOf('快递')).toHaveTextContent('顺丰 SF1234567890');
    expect(within(valueOf('发票文件')).getByRole('link', { name: '预览' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('发票_24310000000000000001.pdf')),
    );
    expect(getButton('发票核对')).toBeEnabled();
    expect(screen.queryByRole('button', { name: /编辑并重新提交/ })).toBeNull();
  });

  it('says 开票申请不存在 for a missing one, and shows its frame while loading', async () => {
    api = mockApi({ [`GET ${API.invoice.one}`]: () => fail(404, 40400, '开票申请不存在') });
    renderDetails();
    expect(screen.getByRole('status')).toHaveTextContent('正在加载开票申请…');
    expect(await screen.findByText('开票申请不存在', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(getButton('返回开票记录')).toBeEnabled();
  });
});
