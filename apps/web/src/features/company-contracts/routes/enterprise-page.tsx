import { screenPath, type TContractServiceCompany } from '@flexpay/contract/web';
import { Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { QueryState } from '../../../components/load-state.tsx';
import { useContractServiceCompanies } from '../api/get-contract-service-companies.ts';

const count = (n: number) => (n ? n : <Typography.Text type="secondary">0</Typography.Text>);

const columns: TableColumnsType<TContractServiceCompany> = [
  {
    title: '服务商',
    dataIndex: 'serviceCompanyName',
    render: (name: string, r) => (
      <Link to={screenPath('enterpriseContreactList', { id: r.serviceCompanyId })}>{name}</Link>
    ),
  },
  {
    title: '协议状态',
    key: 'inForce',
    width: 200,
    render: (_: unknown, r) =>
      r.signedUntil ? (
        <Space size={4}>
          <Tag color="success">已签署</Tag>
          <Typography.Text type="secondary">至 {r.signedUntil}</Typography.Text>
        </Space>
      ) : r.pending ? (
        <Tag color="processing">待签署</Tag>
      ) : (
        <Tag color="warning">无生效协议</Tag>
      ),
  },
  { title: '合同总数', dataIndex: 'total', width: 90, align: 'right' },
  { title: '待签署', dataIndex: 'pending', width: 80, align: 'right', render: count },
  { title: '已签署', dataIndex: 'signed', width: 80, align: 'right', render: count },
  { title: '已到期', dataIndex: 'expired', width: 80, align: 'right', render: count },
  { title: '已终止', dataIndex: 'terminated', width: 80, align: 'right', render: count },
  {
    title: '操作',
    key: 'actions',
    width: 100,
    render: (_: unknown, r) => (
      <Link to={screenPath('enterpriseContreactList', { id: r.serviceCompanyId })}>查看合同</Link>
    ),
  },
];

/** 企业合同 (/contract/enterprise): the service companies the company works with and their contracts. */
export function Component() {
  const services = useContractServiceCompanies();
  return (
    <Card title="企业合同">
      {services.data ? (
        <Table<TContractServiceCompany>
          rowKey="serviceCompanyId"
          size="middle"
          pagination={false}
          dataSource={services.data}
          columns={columns}
          scroll={{ x: 800 }}
          locale={{ emptyText: '暂无合作的服务商' }}
        />
      ) : (
        <QueryState query={services} notFound="服务商不存在" />
      )}
    </Card>
  );
}
