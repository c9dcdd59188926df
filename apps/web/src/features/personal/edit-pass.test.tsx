import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, getButton, mockApi, ok, renderScreen, setupUser, type TApiCall } from '../../components/test-utils.tsx';
import { Component as EditPassPage } from './routes/edit-pass-page.tsx';

const PATH = '/editPass/editPassIndex';

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

async function fill(oldPassword: string, newPassword: string, confirmPassword: string) {
  await user.type(screen.getByPlaceholderText('请输入原密码'), oldPassword);
  await user.type(screen.getByPlaceholderText('请输入新密码'), newPassword);
  await user.type(screen.getByPlaceholderText('请再次输入新密码'), confirmPassword);
  await user.click(getButton('确认修改'));
}

describe('修改密码', () => {
  it('refuses a confirmation that differs from the new password', async () => {
    api = mockApi({});
    renderScreen(EditPassPage, { path: PATH });
    await fill('Demo@123456', 'abcd1234', 'abcd12345');

    expect(await within(formItem('确认新密码')).findByText('两次输入的新密码不一致')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('checks the strength rule and that the new password differs from the old', async () => {
    api = mockApi({});
    renderScreen(EditPassPage, { path: PATH });
    await fill('abcd1234', 'abcdefgh', 'abcdefgh');
    expect(
      await within(formItem('新密码')).findByText('密码至少 8 位，且须同时包含字母和数字', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();

    await user.clear(screen.getByPlaceholderText('请输入新密码'));
    await user.type(screen.getByPlaceholderText('请输入新密码'), 'abcd1234');
    expect(await within(formItem('新密码')).findByText('新密码不能与原密码相同')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the server message in a success state', async () => {
    let sent: TApiCall | undefined;
    api = mockApi({
      'PUT /api/admin/user/personal/password': (call) => {
        sent = call;
        return ok(null, '密码已修改，其他设备上的登录已失效');
      },
    });
    renderScreen(EditPassPage, { path: PATH });
    await fill('Demo@123456', 'abcd1234', 'abcd1234');

    expect(await screen.findByText('密码修改成功')).toBeInTheDocument();
    expect(screen.getByText('密码已修改，其他设备上的登录已失效')).toBeInTheDocument();
    expect(sent?.body).toEqual({ oldPassword: 'Demo@123456', newPassword: 'abcd1234' });
  });

  it('puts a wrong old password under its field', async () => {
    api = mockApi({
      'PUT /api/admin/user/personal/password': () =>
        fail(400, 40000, '原密码不正确', { errors: [{ path: 'oldPassword', message: '原密码不正确' }] }),
    });
    renderScreen(EditPassPage, { path: PATH });
    await fill('wrong-pass1', 'abcd1234', 'abcd1234');

    await waitFor(() => expect(within(formItem('原密码')).getByText('原密码不正确')).toBeInTheDocument());
    expect(screen.queryByText('密码修改成功')).toBeNull();
  });
});
