import {
  CONTRACT_STATE_LABELS,
  CONTRACT_STATES,
  CONTRACT_TYPE_LABELS,
  screenPath,
  type TCompanyContract,
} from '@flexpay/contract/web';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { defineFilters, selectFilter, textFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { pdfPreviewPath } from '../../../lib/pdf-preview-path.ts';
import { useTabDetail } from '../../../lib/use-tab-detail.ts';
import { useContractServiceCompanies } from '../api/get-contract-service-companies.ts';
import { useContracts } from '../api/get-contracts.ts';
import { contractPdfUrl } from '../components/contract-pdf.ts';
import { ContractStateTag } from '../components/contract-state-tag.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';

const FILTERS = defineFilters({
  keyword: textFilter({ label: '合同编号/名称', placeholder: '编号或名称', maxLength: 50 }),
  state: selectFilter({
    label: '状态',
    options: CONTRACT_STATES.map((v) => ({ value: v, label: CONTRACT_STATE_LABELS[v] })),
  }),
});

const columns: TableColumnsType<TCompanyContract> = [
  {
    title: '合同编号',
    dataIndex: 'contractNo',
    width: 150,
    render: (no: string, r) => <Link to={screenPath('enterpriseContreactDetail', { id: r.id })}>{no}</Link>,
  },
  { title: '合同名称', dataIndex: 'title', ellipsis: true },
  { title: '类型', dataIndex: 'type', width: 100, render: (t: TCompanyContract['type']) => CONTRACT_TYPE_LABELS[t] },
  { title: '开始日期', dataIndex: 'startDate', width: 110 },
  { title: '结束日期', dataIndex: 'endDate', width: 110 },
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: TCompanyContract['state']) => <ContractStateTag state={s} />,
  },
  { title: '上传时间', dataIndex: 'createdAt', width: 160, render: formatDateTime },
  {
    title: '操作',
    key: 'actions',
    width: 120,
    fixed: 'right',
    render: (_: unknown, r) => (
      <Space size={8}>
        <Link to={screenPath('enterpriseContreactDetail', { id: r.id })}>详情</Link>
        <Link to={pdfPreviewPath(contractPdfUrl(r.id), `合同_${r.contractNo}.pdf`)}>预览</Link>
      </Space>
    ),
  },
];

/** 合同列表 (/contract/enterpriseContreactList/:id): the contracts with one service company. */
export function Component() {
  const navigate = useNavigate();
  const serviceCompanyId = useIdParam();
  const services = useContractServiceCompanies();
  const name = services.data?.find((s) => s.serviceCompanyId === serviceCompanyId)?.serviceCompanyName;
  useTabDetail(name);
  const list = useListQuery(FILTERS);
  const contracts = useContracts({ ...list.query, serviceCompanyId: serviceCompanyId ?? 0 });
  return (
    <Card
      title={name ? `合同列表：${name}` : '合同列表'}
      extra={<Button onClick={() => void navigate(screenPath('enterprise'))}>返回企业合同</Button>}
    >
      <ListSearchForm list={list} query={contracts} />
      <ListTable<TCompanyContract>
        query={contracts}
        noun="合同"
        isFiltered={list.isFiltered}
        empty="暂无合同，合同由平台运营上传"
        columns={columns}
        pagination={list.pagination}
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
