import type { TAlipayAccount, TBankCard, TWorkerDetail } from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useDeleteAlipay } from '../api/delete-alipay.ts';
import { useDeleteBankCard } from '../api/delete-bank-card.ts';
import { useSetDefaultAlipay } from '../api/set-default-alipay.ts';
import { useSetDefaultBankCard } from '../api/set-default-bank-card.ts';
import { AlipayModal } from './alipay-modal.tsx';
import { BankCardModal } from './bank-card-modal.tsx';

export interface TPayoutAccountsProps {
  worker: TWorkerDetail;
  /** employee:edit: add, delete and choose the default. */
  canEdit: boolean;
}

const DefaultTag = () => <Tag color="blue">默认</Tag>;

/** 收款账户: the worker's bank cards and Alipay accounts; one of them is the default. */
export function PayoutAccounts({ worker, canEdit }: TPayoutAccountsProps) {
  const { message } = App.useApp();
  const [openModal, setOpenModal] = useState<'bank' | 'alipay' | undefined>(undefined);
  const setDefaultBankCard = useSetDefaultBankCard();
  const deleteBankCard = useDeleteBankCard();
  const setDefaultAlipay = useSetDefaultAlipay();
  const deleteAlipay = useDeleteAlipay();

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
    } catch {
      return; // the request layer has shown why
    }
    void message.success(success);
  };

  const deleteHint = (isDefault: boolean) =>
    isDefault ? '这是默认收款账户，删除后需重新指定默认账户才能发放薪酬。' : '删除后不可恢复。';

  const bankColumns: TableColumnsType<TBankCard> = [
    { title: '开户银行', dataIndex: 'bankName', width: 140 },
    {
      title: '银行卡号',
      dataIndex: 'cardNumber',
      render: (cardNumber: string, card) => (
        <Space size={4}>
          {cardNumber}
          {card.isDefault && <DefaultTag />}
        </Space>
      ),
    },
    { title: '开户支行', dataIndex: 'branch', render: (branch: string) => branch || '-' },
    { title: '持卡人', dataIndex: 'holderName', width: 100 },
  ];
  const alipayColumns: TableColumnsType<TAlipayAccount> = [
    {
      title: '支付宝账号',
      dataIndex: 'account',
      render: (account: string, item) => (
        <Space size={4}>
          {account}
          {item.isDefault && <DefaultTag />}
        </Space>
      ),
    },
    { title: '账户姓名', dataIndex: 'holderName', width: 100 },
  ];
  if (canEdit) {
    bankColumns.push({
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, card) => (
        <Space size={0}>
          {!card.isDefault && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void run(
                  () => setDefaultBankCard.mutateAsync({ workerId: worker.id, cardId: card.id }),
                  '已设为默认收款账户',
                )
              }
            >
              设为默认
            </Button>
          )}
          <Popconfirm
            title="删除银行卡"
            description={deleteHint(card.isDefault)}
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run(() => deleteBankCard.mutateAsync({ workerId: worker.id, cardId: card.id }), '银行卡已删除')
            }
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
    alipayColumns.push({
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, item) => (
        <Space size={0}>
          {!item.isDefault && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void run(
                  () => setDefaultAlipay.mutateAsync({ workerId: worker.id, accountId: item.id }),
                  '已设为默认收款账户',
                )
              }
            >
              设为默认
            </Button>
          )}
          <Popconfirm
            title="删除支付宝账户"
            description={deleteHint(item.isDefault)}
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run(() => deleteAlipay.mutateAsync({ workerId: worker.id, accountId: item.id }), '支付宝账户已删除')
            }
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Card
      title="收款账户"
      extra={
        canEdit && (
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setOpenModal('bank')}>
              添加银行卡
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => setOpenModal('alipay')}>
              添加支付宝
            </Button>
          </Space>
        )
      }
    >
      {!worker.hasDefaultAccount && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="该员工还没有默认收款账户，暂时不能为其发放薪酬"
        />
      )}
      <Typography.Title level={5}>银行卡</Typography.Title>
      <Table<TBankCard>
        rowKey="id"
        size="small"
        columns={bankColumns}
        dataSource={worker.bankCards}
        pagination={false}
        locale={{ emptyText: '暂无银行卡' }}
        style={{ marginBottom: 24 }}
      />
      <Typography.Title level={5}>支付宝</Typography.Title>
      <Table<TAlipayAccount>
        rowKey="id"
        size="small"
        columns={alipayColumns}
        dataSource={worker.alipayAccounts}
        pagination={false}
        locale={{ emptyText: '暂无支付宝账户' }}
      />
      <BankCardModal open={openModal === 'bank'} worker={worker} onClose={() => setOpenModal(undefined)} />
      <AlipayModal open={openModal === 'alipay'} worker={worker} onClose={() => setOpenModal(undefined)} />
    </Card>
  );
}
