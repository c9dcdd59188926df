import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/request.ts';
import { applyFieldErrors } from './apply-field-errors.ts';

const invalid = (errors: { path: string; message: string }[]) =>
  new ApiError({ status: 40000, message: '参数错误', data: { errors } });

function fakeForm() {
  const setFields = vi.fn();
  const scrollToField = vi.fn();
  return { form: { setFields, scrollToField } as unknown as FormInstance, setFields, scrollToField };
}

describe('applyFieldErrors', () => {
  it('puts each message under the listed field its path starts with, and scrolls to the first', () => {
    const { form, setFields, scrollToField } = fakeForm();
    const error = invalid([
      { path: 'roleIds.0', message: '角色不存在' },
      { path: 'name', message: '请填写姓名' },
      { path: 'unknown', message: '无关' },
    ]);
    expect(applyFieldErrors(form, error, ['name', 'roleIds'])).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['roleIds'], errors: ['角色不存在'] },
      { name: ['name'], errors: ['请填写姓名'] },
    ]);
    expect(scrollToField).toHaveBeenCalledWith(['roleIds']);
  });

  it('tells nested fields apart by the longest listed prefix', () => {
    const { form, setFields } = fakeForm();
    const error = invalid([
      { path: 'bankCard.cardNumber', message: '银行卡号校验位错误' },
      { path: 'bankCard.bankCode', message: '开户银行不存在' },
    ]);
    applyFieldErrors(form, error, ['bankCard', ['bankCard', 'cardNumber']]);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['bankCard', 'cardNumber'], errors: ['银行卡号校验位错误'] },
      { name: ['bankCard'], errors: ['开户银行不存在'] },
    ]);
  });

  it('maps server names onto differently named form fields', () => {
    const { form, setFields } = fakeForm();
    applyFieldErrors(form, invalid([{ path: 'menuCodes.2', message: '菜单不存在' }]), { menuCodes: 'menuKeys' });
    expect(setFields).toHaveBeenCalledWith([{ name: ['menuKeys'], errors: ['菜单不存在'] }]);
  });

  it('leaves other errors and unlisted paths to the toast', () => {
    const { form, setFields } = fakeForm();
    expect(applyFieldErrors(form, new Error('network'), ['name'])).toBe(false);
    expect(applyFieldErrors(form, invalid([{ path: 'other', message: 'x' }]), ['name'])).toBe(false);
    expect(setFields).not.toHaveBeenCalled();
  });
});
