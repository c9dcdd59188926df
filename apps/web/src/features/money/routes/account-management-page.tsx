import { screenPath, type TPaymentAccount } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { ConfirmAction } from '../../../components/confirm-action.tsx';
import { ListError } from '../../../components/list-error.tsx';
import { ListToolbar } from '../../../components/list-table.tsx';
import { Permission } from '../../../components/permission.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useHasElement } from '../../../lib/session-store.ts';
import { useDeletePaymentAccount } from '../api/delete-payment-account.ts';
import { usePaymentAccounts } from '../api/get-payment-accounts.ts';
import { useSetDefaultPaymentAccount } from '../api/set-default-payment-account.ts';
import { maskAccountNo } from '../components/money-format.tsx';
import { MONEY_ELEMENTS } from '../elements.ts';

/** 付款账户 (/moneyManagement/accountManagement): the bank accounts the company pays top-ups from. */
export function Component() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const accounts = usePaymentAccounts();
  const setDefault = useSetDefaultPaymentAccount();
  const deleteAccount = useDeletePaymentAccount();
  const canManage = useHasElement(MONEY_ELEMENTS.account);

  const onSetDefault = async (account: TPaymentAccount) => {
    try {
      await setDefault.mutateAsync(account.id);
    } catch {
      return; // the request layer has shown why
    }
    void message.success(`已将 ${account.bank}（${account.accountNo.slice(-4)}）设为默认付款账户`);
  };

  const onDelete = async (account: TPaymentAccount) => {
    try {
      await deleteAccount.mutateAsync(account.id);
    } catch {
      return;
    }
    void message.success('付款账户已删除');
  };

  const columns: TableColumnsType<TPaymentAccount> = [
    {
      title: '开户银行',
      dataIndex: 'bank',
      width: 160,
      render: (bank: string, account) => (
        <Space size={8}>
          {bank}
          {account.isDefault && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    // The company's name wraps rather than being cut.
    { title: '账户名称', dataIndex: 'accountName', width: 170 },
    { title: '银行账号', dataIndex: 'accountNo', width: 140, render: (no: string) => maskAccountNo(no) },
    { title: '开户支行', dataIndex: 'branch', ellipsis: true, render: (branch: string) => branch || '-' },
    { title: '添加时间', dataIndex: 'createdAt', width: 165, render: (time: string) => formatDateTime(time) },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 200,
            render: (_: unknown, account: TPaymentAccount) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(screenPath('addAccount', { id: account.id }))}
                >
                  编辑
                </Button>
                {!account.isDefault && (
                  <Button
                    type="link"
                    size="small"
                    loading={setDefault.isPending && setDefault.variables === account.id}
                    onClick={() => void onSetDefault(account)}
                  >
                    设为默认
                  </Button>
                )}
                <ConfirmAction
                  label="删除"
                  danger
                  title={`确定删除付款账户“${account.bank} ${maskAccountNo(account.accountNo)}”吗？`}
                  description={
                    account.isDefault ? '这是默认账户，删除后最早添加的其他账户将成为默认账户。' : '删除后不可恢复。'
                  }
                  onConfirm={() => onDelete(account)}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card>
      <ListToolbar>
        <Permission element={MONEY_ELEMENTS.account}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(screenPath('addAccount'))}>
            添加付款账户
          </Button>
        </Permission>
      </ListToolbar>
      {accounts.isError && !accounts.data ? (
        <ListError error={accounts.error} onRetry={() => void accounts.refetch()} isRetrying={accounts.isFetching} />
      ) : (
        <Table<TPaymentAccount>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={accounts.data ?? []}
          loading={accounts.isFetching}
          locale={{ emptyText: <Empty description="暂无付款账户，充值前请先添加付款账户" /> }}
          pagination={false}
        />
      )}
    </Card>
  );
}
