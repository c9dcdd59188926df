import { DICTIONARIES, PAYMENT_ACCOUNT_NO_PATTERN, screenPath, type TPaymentAccount } from '@flexpay/contract/web';
import { App, Button, Card, Form, Result, Select, Space, Spin, Switch } from 'antd';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useSession } from '../../../lib/session-store.ts';
import { usePaymentAccounts } from '../api/get-payment-accounts.ts';
import { useSavePaymentAccount } from '../api/save-payment-account.ts';
import { useIdParam } from '../../../lib/use-id-param.ts';

interface TAccountValues {
  bank?: string;
  accountName: string;
  accountNo?: string;
  branch: string;
  isDefault: boolean;
}

const FIELDS = ['bank', 'accountName', 'accountNo', 'branch', 'isDefault'] as const;

/** 开户银行: the contract's bank dictionary, by name (a payment account stores the bank's name). */
const BANK_OPTIONS = DICTIONARIES.bank.map((bank) => ({ value: bank.label, label: bank.label }));

/** Spaces typed for readability are dropped (the server strips them too). */
const normalizeAccountNo = (value: string | undefined) => value?.replace(/\s+/g, '');

function AccountForm({ account }: { account?: TPaymentAccount | undefined }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const companyName = useSession((s) => s.companyName);
  const saveAccount = useSavePaymentAccount();
  const [form] = Form.useForm<TAccountValues>();
  const isSubmittingRef = useRef(false);
  const bankOptions =
    account && !BANK_OPTIONS.some((option) => option.value === account.bank)
      ? [{ value: account.bank, label: account.bank }, ...BANK_OPTIONS]
      : BANK_OPTIONS;

  const onFinish = async (values: TAccountValues) => {
    if (saveAccount.isPending || isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    try {
      await saveAccount.mutateAsync({
        id: account?.id,
        body: {
          bank: values.bank ?? '',
          accountName: values.accountName.trim(),
          accountNo: normalizeAccountNo(values.accountNo) ?? '',
          branch: values.branch.trim(),
          isDefault: values.isDefault,
        },
      });
      void message.success(account ? '付款账户已保存' : '付款账户已添加');
      await navigate(screenPath('accountManagement'));
    } catch (error) {
      applyFieldErrors(form, error, FIELDS);
    } finally {
      isSubmittingRef.current = false;
    }
  };

  return (
    <Form<TAccountValues>
      form={form}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 640 }}
      initialValues={
        account
          ? { ...account }
          : { accountName: companyName, branch: '', isDefault: false, bank: undefined, accountNo: '' }
      }
      onFinish={(values) => void onFinish(values)}
      scrollToFirstError
    >
      <Form.Item name="bank" label="开户银行" rules={[{ required: true, message: '请选择开户银行' }]}>
        <Select placeholder="请选择开户银行" showSearch={{ optionFilterProp: 'label' }} options={bankOptions} />
      </Form.Item>
      <Form.Item
        name="accountName"
        label="账户名称"
        extra="须与企业名称一致"
        rules={[
          { required: true, whitespace: true, message: '请输入账户名称' },
          { max: 100, message: '账户名称最多 100 个字' },
        ]}
      >
        <TrimmedInput placeholder="请输入账户名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="accountNo"
        label="银行账号"
        normalize={normalizeAccountNo}
        rules={[
          { required: true, message: '请输入银行账号' },
          { pattern: PAYMENT_ACCOUNT_NO_PATTERN, message: '银行账号应为 8 到 30 位数字' },
        ]}
      >
        <TrimmedInput placeholder="请输入银行账号" maxLength={30} inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Form.Item name="branch" label="开户支行" rules={[{ max: 100, message: '开户支行最多 100 个字' }]}>
        <TrimmedInput placeholder="请输入开户支行（选填）" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="isDefault"
        label="设为默认"
        valuePropName="checked"
        extra={account?.isDefault ? '这是默认账户：将其他账户设为默认即可取消' : '第一个添加的账户自动成为默认账户'}
      >
        <Switch disabled={account?.isDefault === true} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saveAccount.isPending}>
            保存
          </Button>
          <Button onClick={() => void navigate(screenPath('accountManagement'))}>取消</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** 添加付款账户 (/moneyManagement/addAccount), and its edit (?id=). */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useIdParam();
  const isEdit = params.has('id');
  // The API has no single-account read: the company's few accounts come as one list.
  const accounts = usePaymentAccounts();
  const backToList = (
    <Button type="primary" onClick={() => void navigate(screenPath('accountManagement'))}>
      返回付款账户
    </Button>
  );

  if (!isEdit) {
    return (
      <Card>
        <AccountForm />
      </Card>
    );
  }
  if (id === undefined) {
    return (
      <Card>
        <Result
          status="warning"
          title="付款账户编号无效"
          subTitle="请从付款账户列表进入编辑页面。"
          extra={backToList}
        />
      </Card>
    );
  }
  if (accounts.isPending) {
    return (
      <Card>
        <Spin description="正在加载付款账户…">
          <div style={{ height: 240 }} />
        </Spin>
      </Card>
    );
  }
  if (accounts.isError) {
    return (
      <Card>
        <Result
          status="error"
          title="付款账户加载失败"
          subTitle={accounts.error.message}
          extra={[
            <Button key="retry" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
              重新加载
            </Button>,
            <Button key="back" onClick={() => void navigate(screenPath('accountManagement'))}>
              返回付款账户
            </Button>,
          ]}
        />
      </Card>
    );
  }
  const account = accounts.data.find((a) => a.id === id);
  if (!account) {
    return (
      <Card>
        <Result status="404" title="付款账户不存在" subTitle="它可能已被删除。" extra={backToList} />
      </Card>
    );
  }
  return (
    <Card>
      <AccountForm key={account.id} account={account} />
    </Card>
  );
}
