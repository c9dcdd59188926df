import {
  EMPLOYEE_ANALYSIS_TABLE_LABELS,
  type TAnalysisBucket,
  type TEmployeeAnalysis,
  type TEmployeeAnalysisQuery,
  type TEmployeeAnalysisTable,
} from '@flexpay/contract/web';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Row,
  Select,
  Statistic,
  Table,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { ListError } from '../../../components/list-error.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useExportAnalysisTable } from '../api/export-analysis-table.ts';
import { useEmployeeAnalysis } from '../api/get-employee-analysis.ts';
import { useAnalysisDepartments, useAnalysisJobTypes } from '../api/get-filter-options.ts';
import { EChart } from '../components/echart.tsx';

const EXPORT_ELEMENT = 'stats:export';
/** The province chart shows the largest ones; its table lists every one. */
const PROVINCE_BARS = 10;

interface TDeptOption {
  value: number;
  title: string;
  children: TDeptOption[];
}

function percent(count: number, total: number) {
  return total ? `${((count / total) * 100).toFixed(1)}%` : '0.0%';
}

function pie(buckets: TAnalysisBucket[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 人（{d}%）' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        top: -20,
        data: buckets.map((b) => ({ name: b.label, value: b.count })),
        label: { formatter: '{b}\n{d}%' },
      },
    ],
  };
}

function bars(buckets: TAnalysisBucket[], horizontal = false): EChartsCoreOption {
  const names = buckets.map((b) => b.label);
  const category = { type: 'category', data: horizontal ? [...names].reverse() : names, axisLabel: { interval: 0 } };
  const value = { type: 'value', minInterval: 1 };
  return {
    tooltip: { trigger: 'axis', formatter: '{b}：{c} 人' },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        data: (horizontal ? [...buckets].reverse() : buckets).map((b) => b.count),
      },
    ],
  };
}

function monthlyChart(monthly: TEmployeeAnalysis['monthly']): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 8, top: 24, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: monthly.map((m) => m.month.slice(2).replace('-', '/')) },
    yAxis: [
      { type: 'value', name: '金额（元）' },
      { type: 'value', name: '人数', minInterval: 1 },
    ],
    series: [
      { type: 'bar', name: '发放金额（元）', barMaxWidth: 24, data: monthly.map((m) => m.amountFen / 100) },
      { type: 'line', name: '发放人数', yAxisIndex: 1, data: monthly.map((m) => m.workers) },
    ],
  };
}

/** A chart with its table beside it (the table is the chart's text), and its export. */
function ChartCard({
  table,
  chart,
  children,
  onExport,
  isExporting,
}: {
  table: TEmployeeAnalysisTable;
  chart: EChartsCoreOption;
  children: React.ReactNode;
  onExport: (table: TEmployeeAnalysisTable) => void;
  isExporting: boolean;
}) {
  const title = EMPLOYEE_ANALYSIS_TABLE_LABELS[table];
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      extra={
        <Permission element={EXPORT_ELEMENT}>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={isExporting}
            onClick={() => onExport(table)}
            aria-label={`导出${title}`}
          >
            导出
          </Button>
        </Permission>
      }
      data-testid={`analysis-${table}`}
    >
      <Row gutter={16}>
        <Col xs={24} xl={13}>
          <EChart option={chart} label={`${title}图表，数据见旁边的表格`} />
        </Col>
        <Col xs={24} xl={11}>
          {children}
        </Col>
      </Row>
    </Card>
  );
}

function BucketTable({ buckets, caption, header }: { buckets: TAnalysisBucket[]; caption: string; header: string }) {
  const total = buckets.reduce((s, b) => s + b.count, 0);
  const columns: TableColumnsType<TAnalysisBucket> = [
    { title: header, dataIndex: 'label' },
    { title: '人数', dataIndex: 'count', align: 'right', width: 90 },
    { title: '占比', key: 'share', align: 'right', width: 90, render: (_, b) => percent(b.count, total) },
  ];
  return (
    <Table<TAnalysisBucket>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={buckets}
      pagination={buckets.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
      caption={<span className="sr-only">{caption}</span>}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            {total}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={2} align="right">
            {total ? '100.0%' : '0.0%'}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** 员工分析 (/statisticalCenter/employeeAnalysis). */
export function Component() {
  const [query, setQuery] = useState<TEmployeeAnalysisQuery>({});
  const analysis = useEmployeeAnalysis(query);
  const departments = useAnalysisDepartments();
  const jobTypes = useAnalysisJobTypes();
  const exportTable = useExportAnalysisTable();
  const notify = useExportNotice();
  const [exporting, setExporting] = useState<TEmployeeAnalysisTable | null>(null);
  const data = analysis.data;

  const departmentTree = useMemo(() => {
    const list = departments.data ?? [];
    const walk = (parentId: number | null): TDeptOption[] =>
      list.filter((d) => d.parentId === parentId).map((d) => ({ value: d.id, title: d.name, children: walk(d.id) }));
    return walk(null);
  }, [departments.data]);

  const onExport = (table: TEmployeeAnalysisTable) => {
    if (exportTable.isPending) return;
    setExporting(table);
    void notify(() => exportTable.mutateAsync({ ...query, table })).finally(() => setExporting(null));
  };

  const charts = useMemo(
    () =>
      data && {
        gender: pie(data.gender),
        ageBand: bars(data.ageBand),
        province: bars(data.province.slice(0, PROVINCE_BARS), true),
        jobType: pie(data.jobType),
        department: bars(data.department, true),
        monthly: monthlyChart(data.monthly),
      },
    [data],
  );

  const monthlyColumns: TableColumnsType<TEmployeeAnalysis['monthly'][number]> = [
    { title: '月份', dataIndex: 'month' },
    { title: '发放金额', dataIndex: 'amountFen', align: 'right', render: (fen: number) => formatMoney(fen) },
    { title: '发放人数', dataIndex: 'workers', align: 'right', width: 90 },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <Form layout="inline" aria-label="筛选条件">
          <Form.Item label="部门" htmlFor="analysis-department">
            <TreeSelect
              id="analysis-department"
              allowClear
              placeholder="全部部门（含下级）"
              style={{ width: 220 }}
              treeData={departmentTree}
              treeDefaultExpandAll
              value={query.departmentId}
              onChange={(v: number | undefined) => setQuery((q) => ({ ...q, departmentId: v ?? undefined }))}
              loading={departments.isPending}
            />
          </Form.Item>
          <Form.Item label="工种" htmlFor="analysis-job-type">
            <Select
              id="analysis-job-type"
              allowClear
              placeholder="全部工种"
              style={{ width: 180 }}
              options={(jobTypes.data ?? []).map((j) => ({ value: j.id, label: j.name }))}
              value={query.jobTypeId}
              onChange={(v: number | undefined) => setQuery((q) => ({ ...q, jobTypeId: v ?? undefined }))}
              loading={jobTypes.isPending}
            />
          </Form.Item>
        </Form>
      </Card>

      {analysis.isError && !data ? (
        <Card>
          <ListError error={analysis.error} onRetry={() => void analysis.refetch()} isRetrying={analysis.isFetching} />
        </Card>
      ) : (
        <>
          <Row gutter={16}>
            {[
              { title: '在职员工', value: data?.total, suffix: '人' },
              { title: '本月新增', value: data?.newThisMonth, suffix: '人' },
              { title: '本月已发放', value: data?.paidThisMonth, suffix: '人' },
            ].map((s) => (
              <Col span={8} key={s.title}>
                <Card loading={!data}>
                  <Statistic title={s.title} value={s.value ?? 0} suffix={s.suffix} />
                </Card>
              </Col>
            ))}
          </Row>
          {data && charts ? (
            <>
              <ChartCard
                table="monthly"
                chart={charts.monthly}
                onExport={onExport}
                isExporting={exporting === 'monthly'}
              >
                <Table
                  size="small"
                  rowKey="month"
                  columns={monthlyColumns}
                  dataSource={data.monthly}
                  pagination={false}
                  caption={<span className="sr-only">近 12 个月发放金额与人数</span>}
                />
              </ChartCard>
              <Row gutter={16}>
                {(
                  [
                    ['gender', '性别'],
                    ['ageBand', '年龄段'],
                    ['jobType', '工种'],
                    ['department', '部门'],
                    ['province', '省份'],
                  ] as const
                ).map(([table, header]) => (
                  <Col xs={24} xxl={12} key={table} style={{ marginBottom: 16 }}>
                    <ChartCard
                      table={table}
                      chart={charts[table]}
                      onExport={onExport}
                      isExporting={exporting === table}
                    >
                      <BucketTable
                        buckets={data[table]}
                        header={header}
                        caption={EMPLOYEE_ANALYSIS_TABLE_LABELS[table]}
                      />
                    </ChartCard>
                  </Col>
                ))}
              </Row>
              <Typography.Paragraph type="secondary">
                统计对象为在职员工；省份、性别与年龄由身份证号得出；发放数据按实际到账时间（北京时间）计入月份。
              </Typography.Paragraph>
            </>
          ) : (
            <Card loading />
          )}
        </>
      )}
    </Flex>
  );
}
