import {
  COMPANY_STATUS_LABELS,
  FEE_BEARER_LABELS,
  INVOICE_TYPE_LABELS,
  type TCompanyStatus,
  type TCostRule,
  type TOpsCompany,
} from '@flexpay/contract/web';
import { Button, Empty, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ListSearchForm } from '../../components/list-search-form.tsx';
import { ListTable } from '../../components/list-table.tsx';
import { defineFilters, textFilter } from '../../lib/list-filters.ts';
import { useDialogTarget } from '../../lib/use-dialog-target.ts';
import { useListQuery } from '../../lib/use-list-query.ts';
import { useOpsCompanies } from '../api/companies.ts';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { CostRuleModal } from '../components/cost-rule-modal.tsx';
import { FreezeCompanyModal } from '../components/freeze-company-modal.tsx';
import { formatFen, formatRate } from '../lib/money-input.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

const FILTERS = defineFilters({ name: textFilter({ label: '企业名称', maxLength: 100, width: 220 }) });

const COMPANY_STATUS_COLORS: Record<TCompanyStatus, string> = { normal: 'success', frozen: 'error' };

interface TRuleTarget {
  company: TOpsCompany;
  rule: TCostRule;
}

/** One company's service companies and their cost rules (服务商与费用规则). */
function CostRules({ company, onEdit }: { company: TOpsCompany; onEdit: (target: TRuleTarget) => void }) {
  const columns: TableColumnsType<TCostRule> = [
    { title: '服务商', dataIndex: 'serviceCompanyName' },
    { title: '服务费率', dataIndex: 'feeRateBp', align: 'right', render: (v: number) => formatRate(v) },
    {
      title: '费用承担',
      dataIndex: 'feeBearer',
      render: (v: TCostRule['feeBearer']) => FEE_BEARER_LABELS[v],
    },
    {
      title: '每人每月限额',
      dataIndex: 'monthlyLimitFen',
      align: 'right',
      render: (v: number) => `¥${formatFen(v)}`,
    },
    {
      title: '单笔金额',
      key: 'single',
      render: (_: unknown, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          ¥{formatFen(r.singleMinFen)} ~ ¥{formatFen(r.singleMaxFen)}
        </span>
      ),
    },
    {
      title: '发票类型',
      dataIndex: 'invoiceType',
      render: (v: TCostRule['invoiceType']) => INVOICE_TYPE_LABELS[v],
    },
    {
      title: '开票内容',
      dataIndex: 'invoiceContents',
      render: (v: string[]) =>
        v.length === 0 ? (
          <Typography.Text type="secondary">未设置</Typography.Text>
        ) : (
          v.map((c) => <div key={c}>{c}</div>)
        ),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (v: boolean) => (v ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_: unknown, rule) => (
        <Button type="link" size="small" onClick={() => onEdit({ company, rule })}>
          编辑费用规则
        </Button>
      ),
    },
  ];
  return (
    <Table<TCostRule>
      rowKey="serviceCompanyId"
      size="small"
      columns={columns}
      dataSource={company.serviceCompanies}
      pagination={false}
      locale={{ emptyText: <Empty description="该企业尚未签约服务商" /> }}
    />
  );
}

/** 企业管理: the companies, each expanding to its service companies and cost rules. */
export function CompaniesPage() {
  useOpsTitle('企业管理');
  const list = useListQuery(FILTERS);
  const query = useOpsCompanies(list.query);
  const editor = useDialogTarget<TRuleTarget>();
  const freezer = useDialogTarget<TOpsCompany>();

  const columns: TableColumnsType<TOpsCompany> = [
    { title: '企业名称', dataIndex: 'name', ellipsis: true },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 220 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 220,
      render: (v: TCompanyStatus, r) => (
        <Space orientation="vertical" size={0}>
          <Tag color={COMPANY_STATUS_COLORS[v]}>{COMPANY_STATUS_LABELS[v]}</Tag>
          {v === 'frozen' && r.frozenReason && (
            <Tooltip title={r.frozenAt ? `${formatDateTime(r.frozenAt)} 冻结` : undefined}>
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                原因：{r.frozenReason}
              </Typography.Text>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '签约服务商',
      key: 'serviceCompanies',
      width: 300,
      render: (_: unknown, r) =>
        r.serviceCompanies.length === 0 ? (
          <Typography.Text type="secondary">暂无</Typography.Text>
        ) : (
          r.serviceCompanies.map((s) => s.serviceCompanyName).join('、')
        ),
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          danger={r.status !== 'frozen'}
          aria-label={`${r.status === 'frozen' ? '解冻' : '冻结'} ${r.name}`}
          // The row expands on click: the action must not toggle it.
          onClick={(e) => {
            e.stopPropagation();
            freezer.open(r);
          }}
        >
          {r.status === 'frozen' ? '解冻' : '冻结'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">展开企业查看签约服务商与费用规则。</Typography.Paragraph>
      <ListSearchForm list={list} query={query} />
      <ListTable<TOpsCompany>
        query={query}
        noun="企业"
        isFiltered={list.isFiltered}
        pagination={list.pagination}
        columns={columns}
        expandable={{
          expandedRowRender: (company) => <CostRules company={company} onEdit={editor.open} />,
          expandRowByClick: true,
        }}
      />
      {editor.target && (
        <CostRuleModal
          companyId={editor.target.company.id}
          companyName={editor.target.company.name}
          rule={editor.target.rule}
          {...editor.dialogProps}
        />
      )}
      {freezer.target && <FreezeCompanyModal company={freezer.target} {...freezer.dialogProps} />}
    </>
  );
}
