import type { TUserInfo } from '@flexpay/contract/web';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { Component as EditSysMobilePage } from './routes/edit-sys-mobile-page.tsx';

const PATH = '/editSysMobile';

const INFO: TUserInfo = {
  id: 1,
  name: '张主',
  username: 'demo',
  companyId: 1,
  companyName: '星河科技有限公司',
  avatar: '',
  description: '',
  isOwner: true,
  verifyMethod: 'password',
  mobile: '138****0001',
  email: '',
  menus: [],
  elements: [],
};

function formItem(label: string): HTMLElement {
  const item = screen.getByText(label, { selector: 'label' }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item ${label}`);
  return item as HTMLElement;
}

let api: ReturnType<typeof mockApi> | undefined;
const user = setupUser();

afterEach(() => {
  api?.restore();
  api = undefined;
});

describe('修改手机号', () => {
  it('in demo mode shows each code the server answers beside its field', async () => {
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok(INFO),
      'POST /api/admin/vcc/sendSms': (call) => {
        const old = (call.body as { purpose: string }).purpose === 'mobile_old';
        return ok({
          token: old ? 'old-token' : 'new-token',
          mobile: old ? '138****0001' : '139****0002',
          resendAfterSeconds: 60,
          demoCode: old ? '135790' : '246802',
        });
      },
    });
    renderScreen(EditSysMobilePage, { path: PATH });
    expect(await screen.findByText('138****0001')).toBeInTheDocument();
    await user.click(getButton('获取验证码', formItem('原手机号验证码')));
    expect(
      await within(formItem('原手机号验证码')).findByText('验证码将发送至 138****0001（演示模式验证码：135790）'),
    ).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入新手机号'), '13900000002');
    await user.click(getButton('获取验证码', formItem('新手机号验证码')));
    expect(await within(formItem('新手机号验证码')).findByText('演示模式验证码：246802')).toBeInTheDocument();
  });

  it('sends codes to the old and the new number and changes the number', async () => {
    let changed: TApiCall | undefined;
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok(INFO),
      'POST /api/admin/vcc/sendSms': (call) => {
        const body = call.body as { purpose: string };
        return ok({
          token: body.purpose === 'mobile_old' ? 'old-token' : 'new-token',
          mobile: body.purpose === 'mobile_old' ? '138****0001' : '139****0002',
          resendAfterSeconds: 60,
        });
      },
      'PUT /api/admin/user/personal/mobile': (call) => {
        changed = call;
        return ok(null, '手机号已修改');
      },
    });
    renderScreen(EditSysMobilePage, { path: PATH });

    expect(await screen.findByText('138****0001')).toBeInTheDocument();
    await user.click(getButton('获取验证码', formItem('原手机号验证码')));
    await user.type(screen.getByPlaceholderText('请输入原手机号收到的验证码'), '111111');

    // The new number is checked before a code is sent to it.
    await user.click(getButton('获取验证码', formItem('新手机号验证码')));
    expect(await within(formItem('新手机号')).findByText('请输入新手机号')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入新手机号'), '13900000002');
    await user.click(getButton('获取验证码', formItem('新手机号验证码')));
    await waitFor(() => expect(within(formItem('新手机号验证码')).getByText('60 秒后重新获取')).toBeInTheDocument());
    await user.type(screen.getByPlaceholderText('请输入新手机号收到的验证码'), '222222');
    await user.click(getButton('确认修改'));

    expect(await screen.findByText('手机号已修改')).toBeInTheDocument();
    expect(screen.getByText('新手机号：139****0002')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/admin/vcc/sendSms').map((c) => c.body)).toEqual([
      { purpose: 'mobile_old' },
      { purpose: 'mobile_new', mobile: '13900000002' },
    ]);
    expect(changed?.body).toEqual({
      oldToken: 'old-token',
      oldCode: '111111',
      mobile: '13900000002',
      newToken: 'new-token',
      newCode: '222222',
    });
  });

  it('asks for a new code when the number changed after sending one', async () => {
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok({ ...INFO, mobile: '' }),
      'POST /api/admin/vcc/sendSms': () => ok({ token: 'new-token', mobile: '139****0002', resendAfterSeconds: 60 }),
    });
    renderScreen(EditSysMobilePage, { path: PATH });

    expect(await screen.findByText('未绑定')).toBeInTheDocument();
    expect(screen.queryByText('原手机号验证码')).toBeNull();
    await user.type(screen.getByPlaceholderText('请输入新手机号'), '13900000002');
    await user.click(getButton('获取验证码'));
    await screen.findByText('60 秒后重新获取');
    await user.clear(screen.getByPlaceholderText('请输入新手机号'));
    await user.type(screen.getByPlaceholderText('请输入新手机号'), '13900000003');
    await user.type(screen.getByPlaceholderText('请输入新手机号收到的验证码'), '222222');
    await user.click(getButton('确认修改'));

    expect(await screen.findByText('新手机号已修改，请重新获取验证码')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('puts the server refusal of the new number under its field', async () => {
    api = mockApi({
      'GET /api/admin/user/front/info': () => ok({ ...INFO, mobile: '' }),
      'POST /api/admin/vcc/sendSms': () =>
        fail(400, 40000, '新手机号不能与原手机号相同', {
          errors: [{ path: 'mobile', message: '新手机号不能与原手机号相同' }],
        }),
    });
    renderScreen(EditSysMobilePage, { path: PATH });
    await user.type(await screen.findByPlaceholderText('请输入新手机号'), '13900000002');
    await user.click(getButton('获取验证码'));
    await waitFor(() =>
      expect(within(formItem('新手机号')).getByText('新手机号不能与原手机号相同')).toBeInTheDocument(),
    );
    expect(screen.getByText('获取验证码')).toBeInTheDocument();
  });
});
