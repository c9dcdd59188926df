import {
  SUBMIT_GRANULARITIES,
  SUBMIT_GRANULARITY_LABELS,
  SUBMIT_KIND_LABELS,
  SUBMIT_KINDS,
  type TSubmitGranularity,
  type TSubmitStats,
  type TSubmitStatsQuery,
  type TSubmitStatsRow,
} from '@flexpay/contract/web';
import { DownloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Radio,
  Row,
  Select,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useServiceCompanyOptions } from '../../../api/get-service-company-options.ts';
import { ListError } from '../../../components/list-error.tsx';
import { Permission } from '../../../components/permission.tsx';
import { useExportNotice } from '../../../components/use-export-notice.tsx';
import { chinaToday } from '../../../lib/format-date-time.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useExportSubmitStatistics } from '../api/export-submit-statistics.ts';
import { useSubmitStatistics } from '../api/get-submit-statistics.ts';
import { EChart } from '../components/echart.tsx';

const EXPORT_ELEMENT = 'stats:export';
const DATE = 'YYYY-MM-DD';

/** The range first shown: the last 30 days, or the last 12 months. */
function defaultRange(granularity: TSubmitGranularity): [Dayjs, Dayjs] {
  const today = chinaToday();
  return granularity === 'day'
    ? [today.subtract(29, 'day'), today]
    : [today.subtract(11, 'month').startOf('month'), today];
}

function queryOf(granularity: TSubmitGranularity, [from, to]: [Dayjs, Dayjs], serviceCompanyId?: number) {
  const last = granularity === 'month' ? to.endOf('month') : to;
  const today = chinaToday();
  return {
    granularity,
    from: (granularity === 'month' ? from.startOf('month') : from).format(DATE),
    to: (last.isAfter(today) ? today : last).format(DATE),
    serviceCompanyId,
  } satisfies TSubmitStatsQuery;
}

/** Per period, the count of each kind: one stacked bar a period, one colour a kind. */
function chartOf(data: TSubmitStats): EChartsCoreOption {
  const labels = data.periods.map((p) => (p.length === 10 ? p.slice(5).replace('-', '/') : p.replace('-', '/')));
  return {
    tooltip: { trigger: 'axis' },
    legend: { bottom: 0 },
    grid: { left: 8, right: 16, top: 16, bottom: 32, containLabel: true },
    xAxis: { type: 'category', data: labels },
    yAxis: { type: 'value', name: '笔数', minInterval: 1 },
    series: SUBMIT_KINDS.map((kind) => ({
      type: 'bar',
      name: SUBMIT_KIND_LABELS[kind],
      stack: 'submitted',
      barMaxWidth: 28,
      data: data.periods.map((p) =>
        data.rows.filter((r) => r.period === p && r.kind === kind).reduce((s, r) => s + r.count, 0),
      ),
    })),
  };
}

const columns = (granularity: TSubmitGranularity): TableColumnsType<TSubmitStatsRow> => [
  { title: granularity === 'day' ? '日期' : '月份', dataIndex: 'period', width: 104 },
  { title: '类型', dataIndex: 'kind', width: 90, render: (k: TSubmitStatsRow['kind']) => SUBMIT_KIND_LABELS[k] },
  { title: '状态', dataIndex: 'statusLabel', width: 80 },
  { title: '服务商', dataIndex: 'serviceCompanyName', ellipsis: { showTitle: true } },
  { title: '笔数', dataIndex: 'count', align: 'right', width: 60 },
  { title: '金额', dataIndex: 'amountFen', align: 'right', width: 120, render: (fen: number) => formatMoney(fen) },
];

/** 提交统计 (/statisticalCenter/submitChart): what the company submitted, by day or month. */
export function Component() {
  const [granularity, setGranularity] = useState<TSubmitGranularity>('day');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange('day'));
  const [serviceCompanyId, setServiceCompanyId] = useState<number | undefined>();
  const query = useMemo(() => queryOf(granularity, range, serviceCompanyId), [granularity, range, serviceCompanyId]);
  const stats = useSubmitStatistics(query);
  const serviceCompanies = useServiceCompanyOptions();
  const exportTable = useExportSubmitStatistics();
  const notify = useExportNotice();
  const data = stats.data;
  const chart = useMemo(() => data && chartOf(data), [data]);
  const totals = useMemo(
    () =>
      SUBMIT_KINDS.map((kind) => {
        const of = (data?.rows ?? []).filter((r) => r.kind === kind);
        return { kind, count: of.reduce((s, r) => s + r.count, 0), amountFen: of.reduce((s, r) => s + r.amountFen, 0) };
      }),
    [data],
  );

  return (
    <Flex vertical gap={16}>
      <Card>
        <Form layout="inline" aria-label="筛选条件">
          <Form.Item label="统计方式">
            <Radio.Group
              optionType="button"
              value={granularity}
              options={SUBMIT_GRANULARITIES.map((g) => ({ value: g, label: SUBMIT_GRANULARITY_LABELS[g] }))}
              onChange={(e) => {
                const next = e.target.value as TSubmitGranularity;
                setGranularity(next);
                setRange(defaultRange(next));
              }}
            />
          </Form.Item>
          <Form.Item
            label={granularity === 'day' ? '日期' : '月份'}
            extra={granularity === 'day' ? '最多 31 天' : '最多 12 个月'}
          >
            <DatePicker.RangePicker
              key={granularity}
              picker={granularity === 'day' ? 'date' : 'month'}
              allowClear={false}
              value={range}
              disabledDate={(d) => d.isAfter(chinaToday(), granularity)}
              onChange={(v) => {
                if (v?.[0] && v[1]) setRange([v[0], v[1]]);
              }}
              aria-label={granularity === 'day' ? '日期范围' : '月份范围'}
            />
          </Form.Item>
          <Form.Item label="服务商" htmlFor="submit-service-company">
            <Select
              id="submit-service-company"
              allowClear
              placeholder="全部服务商"
              style={{ width: 220 }}
              options={(serviceCompanies.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={serviceCompanyId}
              onChange={(v: number | undefined) => setServiceCompanyId(v ?? undefined)}
              loading={serviceCompanies.isPending}
            />
          </Form.Item>
        </Form>
      </Card>

      {stats.isError && !data ? (
        <Card>
          <ListError error={stats.error} onRetry={() => void stats.refetch()} isRetrying={stats.isFetching} />
        </Card>
      ) : (
        <>
          <Row gutter={16}>
            {totals.map((t) => (
              <Col span={8} key={t.kind}>
                <Card loading={!data} data-testid={`submit-total-${t.kind}`}>
                  <Typography.Text type="secondary">{SUBMIT_KIND_LABELS[t.kind]}</Typography.Text>
                  <div style={{ fontSize: 24 }}>{t.count} 笔</div>
                  <Typography.Text type="secondary">{formatMoney(t.amountFen)}</Typography.Text>
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            title={<h2 style={{ fontSize: 16, margin: 0 }}>提交笔数</h2>}
            extra={
              <Permission element={EXPORT_ELEMENT}>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={exportTable.isPending}
                  onClick={() => void notify(() => exportTable.mutateAsync(query))}
                  aria-label="导出提交统计"
                >
                  导出
                </Button>
              </Permission>
            }
          >
            {data && chart ? (
              <Row gutter={16}>
                <Col xs={24} xl={10}>
                  <EChart option={chart} label="提交笔数图表，数据见旁边的表格" height={320} />
                </Col>
                <Col xs={24} xl={14}>
                  <Table<TSubmitStatsRow>
                    size="small"
                    rowKey={(r) => `${r.period}|${r.kind}|${r.status}|${r.serviceCompanyId}`}
                    columns={columns(query.granularity)}
                    dataSource={data.rows}
                    locale={{ emptyText: '所选期间没有提交记录' }}
                    pagination={data.rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
                    caption={<span className="sr-only">提交统计：按期间、类型、状态与服务商</span>}
                  />
                </Col>
              </Row>
            ) : (
              <Card loading variant="borderless" />
            )}
          </Card>
          <Typography.Paragraph type="secondary">
            按提交时间（北京时间）计入日期或月份；状态为记录现在的状态；发放批次的金额为发放金额，不含服务费。
          </Typography.Paragraph>
        </>
      )}
    </Flex>
  );
}
