import { MOBILE_RULE, type TUserInfo } from '@flexpay/contract/web';
import { Button, Descriptions, Form } from 'antd';
import { useState } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useChangeMobile } from '../api/change-mobile.ts';
import { useSendSms } from '../api/send-sms.ts';
import { SmsCodeInput, smsFieldExtra } from './sms-code-input.tsx';

interface TChangeMobileValues {
  oldCode?: string;
  mobile: string;
  newCode: string;
}

const FIELDS = ['oldCode', 'mobile', 'newCode'] as const;

export interface TChangeMobileFormProps {
  /** The current mobile, masked; empty when none is bound. */
  currentMobile: TUserInfo['mobile'];
  /** Called with the server's message and the new number once it has changed. */
  onDone: (message: string, mobile: string) => void;
}

/** 修改手机号: a code to the current number (when there is one) and a code to the new one. */
export function ChangeMobileForm({ currentMobile, onDone }: TChangeMobileFormProps) {
  const [form] = Form.useForm<TChangeMobileValues>();
  const sendSms = useSendSms();
  const changeMobile = useChangeMobile();
  const [oldToken, setOldToken] = useState<string | undefined>(undefined);
  const [oldDemoCode, setOldDemoCode] = useState<string | null>(null);
  /** The code to the new number is bound to that number. */
  const [newSent, setNewSent] = useState<{ token: string; mobile: string; demoCode: string | null } | undefined>(
    undefined,
  );
  const hasMobile = currentMobile !== '';

  const onSendOld = async (): Promise<number | undefined> => {
    try {
      const result = await sendSms.mutateAsync({ purpose: 'mobile_old' });
      setOldToken(result.token);
      setOldDemoCode(result.demoCode);
      form.setFields([{ name: 'oldCode', errors: [] }]);
      return result.resendAfterSeconds;
    } catch {
      return undefined; // the request layer has shown why
    }
  };

  const onSendNew = async (): Promise<number | undefined> => {
    let mobile: string;
    try {
      ({ mobile } = await form.validateFields(['mobile']));
    } catch {
      return undefined; // the field shows what is wrong
    }
    try {
      const result = await sendSms.mutateAsync({ purpose: 'mobile_new', mobile });
      setNewSent({ token: result.token, mobile, demoCode: result.demoCode });
      form.setFields([{ name: 'newCode', errors: [] }]);
      return result.resendAfterSeconds;
    } catch (error) {
      applyFieldErrors(form, error, ['mobile']);
      return undefined;
    }
  };

  const onFinish = async (values: TChangeMobileValues) => {
    if (changeMobile.isPending || !newSent) return;
    try {
      const text = await changeMobile.mutateAsync({
        ...(hasMobile && oldToken ? { oldToken, oldCode: (values.oldCode ?? '').trim() } : {}),
        mobile: values.mobile,
        newToken: newSent.token,
        newCode: values.newCode.trim(),
      });
      onDone(text, values.mobile);
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    }
  };

  return (
    <>
      <Descriptions column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前手机号">{hasMobile ? currentMobile : '未绑定'}</Descriptions.Item>
      </Descriptions>
      <Form<TChangeMobileValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={(values) => void onFinish(values)}
        requiredMark={false}
      >
        {hasMobile && (
          <Form.Item
            name="oldCode"
            label="原手机号验证码"
            extra={smsFieldExtra(`验证码将发送至 ${currentMobile}`, oldDemoCode)}
            validateFirst
            rules={[
              { required: true, message: '请输入原手机号收到的验证码' },
              {
                validator: () => (oldToken ? Promise.resolve() : Promise.reject(new Error('请先获取原手机号验证码'))),
              },
            ]}
          >
            <SmsCodeInput onSend={onSendOld} placeholder="请输入原手机号收到的验证码" />
          </Form.Item>
        )}
        <Form.Item
          name="mobile"
          label="新手机号"
          rules={[
            { required: true, whitespace: true, message: '请输入新手机号' },
            { pattern: MOBILE_RULE, message: '请输入正确的 11 位手机号' },
          ]}
        >
          <TrimmedInput placeholder="请输入新手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <Form.Item
          name="newCode"
          label="新手机号验证码"
          extra={smsFieldExtra(undefined, newSent?.demoCode)}
          dependencies={['mobile']}
          validateFirst
          rules={[
            { required: true, message: '请输入新手机号收到的验证码' },
            ({ getFieldValue }) => ({
              validator: () => {
                if (!newSent) return Promise.reject(new Error('请先获取新手机号验证码'));
                if (newSent.mobile !== getFieldValue('mobile')) {
                  return Promise.reject(new Error('新手机号已修改，请重新获取验证码'));
                }
                return Promise.resolve();
              },
            }),
          ]}
        >
          <SmsCodeInput onSend={onSendNew} placeholder="请输入新手机号收到的验证码" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={changeMobile.isPending}>
            确认修改
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
