import {
  CONTRACT_STATE_LABELS,
  CONTRACT_STATES,
  CONTRACT_TYPE_LABELS,
  type TCompanyContract,
  type TContractState,
} from '@flexpay/contract/web';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { TrimmedSearch } from '../../components/trimmed-search.tsx';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useOpsContracts } from '../api/contracts.ts';
import { ContractCreateDrawer } from '../components/contract-create-drawer.tsx';
import { ContractDrawer } from '../components/contract-drawer.tsx';
import { ContractStateTag } from '../components/contract-state-tag.tsx';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** 合同管理 at /ops: every company's contracts; upload one, or open one to sign or terminate it. */
export function ContractsPage() {
  useOpsTitle('合同管理');
  const [state, setState] = useState<TContractState | 'all'>('all');
  const [companyName, setCompanyName] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | undefined>();
  const [creating, setCreating] = useState(false);
  const query = useOpsContracts({
    page,
    limit: 10,
    state: state === 'all' ? undefined : state,
    companyName: companyName || undefined,
  });
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<TContractState | 'all'>
          aria-label="状态"
          style={{ width: 140 }}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
          options={[
            { value: 'all' as const, label: '全部' },
            ...CONTRACT_STATES.map((v) => ({ value: v, label: CONTRACT_STATE_LABELS[v] })),
          ]}
        />
        <TrimmedSearch
          aria-label="企业名称"
          placeholder="企业名称"
          allowClear
          style={{ width: 220 }}
          onSearch={(v) => {
            setCompanyName(v.trim());
            setPage(1);
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          上传合同
        </Button>
      </Space>
      <Table<TCompanyContract>
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.rows ?? []}
        locale={{ emptyText: '暂无合同' }}
        pagination={{ current: page, pageSize: 10, total: query.data?.total ?? 0, onChange: setPage }}
        scroll={{ x: 1020 }}
        columns={[
          { title: '合同编号', dataIndex: 'contractNo', width: 140 },
          { title: '企业', dataIndex: 'companyName', width: 140 },
          { title: '服务商', dataIndex: 'serviceCompanyName', width: 160 },
          { title: '合同名称', dataIndex: 'title', ellipsis: true },
          {
            title: '类型',
            dataIndex: 'type',
            width: 90,
            render: (t: TCompanyContract['type']) => CONTRACT_TYPE_LABELS[t],
          },
          { title: '结束日期', dataIndex: 'endDate', width: 110 },
          {
            title: '状态',
            dataIndex: 'state',
            width: 90,
            render: (s: TContractState) => <ContractStateTag state={s} />,
          },
          { title: '上传时间', dataIndex: 'createdAt', width: 110, render: formatDateTime },
          {
            title: '操作',
            key: 'open',
            width: 80,
            fixed: 'right',
            render: (_: unknown, r) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                处理
              </Button>
            ),
          },
        ]}
      />
      <ContractDrawer id={open} onClose={() => setOpen(undefined)} />
      <ContractCreateDrawer open={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
