import {
  VERIFY_METHODS,
  VERIFY_METHOD_LABELS,
  type TTotpSetup,
  type TUserInfo,
  type TVerifyMethod,
} from '@flexpay/contract/web';
import { Alert, App, Button, Descriptions, Divider, Flex, Form, Input, QRCode, Radio, Typography } from 'antd';
import { useState } from 'react';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useChangeVerifyMethod, type TChangeVerifyMethodInput } from '../api/change-verify-method.ts';
import { useCreateTotpSetup } from '../api/create-totp-setup.ts';
import { useSendSms } from '../api/send-sms.ts';
import { SmsCodeInput, smsFieldExtra } from './sms-code-input.tsx';

interface TVerifyMethodValues {
  method?: TVerifyMethod;
  /** Proof of the current method. */
  code: string;
  /** A code of the newly added authenticator. */
  newCode?: string;
}

const SIX_DIGITS = /^\d{6}$/;
const FIELDS = ['method', 'code', 'newCode'] as const;

export interface TVerifyMethodFormProps {
  info: Pick<TUserInfo, 'verifyMethod' | 'mobile'>;
}

/**
 * 修改认证方式: choose the new method, prove the current one (password, SMS code or
 * authenticator code) and, for an authenticator, scan the new secret and confirm it with a code.
 */
export function VerifyMethodForm({ info }: TVerifyMethodFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TVerifyMethodValues>();
  const method = Form.useWatch('method', form);
  const sendSms = useSendSms();
  const createTotpSetup = useCreateTotpSetup();
  const changeVerifyMethod = useChangeVerifyMethod();
  /** The token of the SMS code that proves the current method. */
  const [smsToken, setSmsToken] = useState<string | undefined>(undefined);
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [totpSetup, setTotpSetup] = useState<TTotpSetup | undefined>(undefined);
  const current = info.verifyMethod;

  const onSendSms = async (): Promise<number | undefined> => {
    try {
      const result = await sendSms.mutateAsync({ purpose: 'verify' });
      setSmsToken(result.token);
      setDemoCode(result.demoCode);
      form.setFields([{ name: 'code', errors: [] }]);
      return result.resendAfterSeconds;
    } catch {
      return undefined; // the request layer has shown why
    }
  };

  const onCreateTotp = async () => {
    try {
      setTotpSetup(await createTotpSetup.mutateAsync());
      form.setFieldsValue({ newCode: '' });
    } catch {
      // the request layer has shown why
    }
  };

  const onFinish = async (values: TVerifyMethodValues) => {
    if (changeVerifyMethod.isPending || !values.method) return;
    const input: TChangeVerifyMethodInput = {
      method: values.method,
      code: current === 'password' ? values.code : values.code.trim(),
      ...(current === 'sms' && smsToken ? { token: smsToken } : {}),
      ...(values.method === 'totp' && totpSetup
        ? { newToken: totpSetup.token, newCode: (values.newCode ?? '').trim() }
        : {}),
    };
    let text: string;
    try {
      text = await changeVerifyMethod.mutateAsync(input);
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
      return;
    }
    void message.success(text);
    form.resetFields();
    setSmsToken(undefined);
    setTotpSetup(undefined);
  };

  const methodOptions = VERIFY_METHODS.map((value) => ({
    value,
    label: value === current ? `${VERIFY_METHOD_LABELS[value]}（当前）` : VERIFY_METHOD_LABELS[value],
  }));

  return (
    <>
      <Descriptions column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前认证方式">{VERIFY_METHOD_LABELS[current]}</Descriptions.Item>
      </Descriptions>
      <Form<TVerifyMethodValues>
        form={form}
        layout="vertical"
        // The option labelled 当前 starts selected (the page remounts the form when it changes).
        initialValues={{ method: current }}
        style={{ maxWidth: 520 }}
        onFinish={(values) => void onFinish(values)}
        requiredMark={false}
      >
        <Form.Item
          name="method"
          label="新的认证方式"
          extra="登录时在密码之外还需输入短信验证码或身份验证器中的动态码；选择“密码”则只需密码。"
          rules={[
            { required: true, message: '请选择新的认证方式' },
            {
              validator: (_, value: TVerifyMethod | undefined) => {
                if (value && value === current && value !== 'totp') {
                  return Promise.reject(new Error('新的认证方式与当前相同'));
                }
                if (value === 'sms' && !info.mobile) {
                  return Promise.reject(new Error('请先绑定手机号再使用短信验证码'));
                }
                return Promise.resolve();
              },
            },
          ]}
        >
          <Radio.Group options={methodOptions} />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          验证当前认证方式（{VERIFY_METHOD_LABELS[current]}）
        </Divider>
        {current === 'password' && (
          <Form.Item name="code" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
            <Input.Password placeholder="请输入当前密码" autoComplete="current-password" maxLength={128} />
          </Form.Item>
        )}
        {current === 'sms' && (
          <Form.Item
            name="code"
            label="短信验证码"
            validateFirst
            extra={smsFieldExtra(info.mobile ? `验证码将发送至 ${info.mobile}` : undefined, demoCode)}
            rules={[
              { required: true, message: '请输入短信验证码' },
              { validator: () => (smsToken ? Promise.resolve() : Promise.reject(new Error('请先获取短信验证码'))) },
            ]}
          >
            <SmsCodeInput onSend={onSendSms} />
          </Form.Item>
        )}
        {current === 'totp' && (
          <Form.Item
            name="code"
            label="动态验证码"
            rules={[
              { required: true, message: '请输入身份验证器中的动态验证码' },
              { pattern: SIX_DIGITS, message: '动态验证码为 6 位数字' },
            ]}
          >
            <TrimmedInput
              placeholder="请输入身份验证器中的 6 位动态码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="off"
            />
          </Form.Item>
        )}

        {method === 'totp' && (
          <>
            <Divider titlePlacement="start" plain>
              绑定新的身份验证器
            </Divider>
            <Typography.Paragraph type="secondary">
              在手机上安装身份验证器应用（如 Google Authenticator、Microsoft Authenticator），生成二维码后用应用扫描，
              再输入应用中显示的 6 位动态码。
            </Typography.Paragraph>
            <Button
              onClick={() => void onCreateTotp()}
              loading={createTotpSetup.isPending}
              style={{ marginBottom: 16 }}
            >
              {totpSetup ? '重新生成二维码' : '生成二维码'}
            </Button>
            {totpSetup && (
              <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
                <QRCode value={totpSetup.uri} type="svg" size={160} />
                <div>
                  <Typography.Text type="secondary">无法扫码时，可在应用中手动输入密钥：</Typography.Text>
                  <br />
                  <Typography.Text code copyable={{ text: totpSetup.secret }}>
                    {totpSetup.secret}
                  </Typography.Text>
                </div>
              </Flex>
            )}
            <Form.Item
              name="newCode"
              label="新身份验证器的动态验证码"
              validateFirst
              rules={[
                {
                  validator: () =>
                    totpSetup ? Promise.resolve() : Promise.reject(new Error('请先生成二维码并添加到身份验证器')),
                },
                { required: true, message: '请输入身份验证器中的动态验证码' },
                { pattern: SIX_DIGITS, message: '动态验证码为 6 位数字' },
              ]}
            >
              <TrimmedInput
                placeholder="请输入新身份验证器中的 6 位动态码"
                maxLength={6}
                inputMode="numeric"
                autoComplete="off"
                disabled={!totpSetup}
              />
            </Form.Item>
          </>
        )}

        {method === 'password' && current !== 'password' && (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="改为仅密码登录会降低账号的安全性。" />
        )}

        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={changeVerifyMethod.isPending}>
            确认修改
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
