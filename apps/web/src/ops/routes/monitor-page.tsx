import {
  JOB_STATE_LABELS,
  JOB_STATES,
  type TMonitor,
  type TMonitorProcess,
  type TMonitorQueue,
} from '@flexpay/contract/web';
import { Alert, Button, Card, Col, Descriptions, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatBytes } from '../../lib/format-bytes.ts';
import { formatDateTime, inChinaTime } from '../../lib/format-date-time.ts';
import { MONITOR_POLL_MS, useOpsMonitor } from '../api/monitor.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** 125 s -> '2分5秒', 7300 s -> '2小时1分'. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}秒`;
  if (s < 3600) return `${Math.floor(s / 60)}分${s % 60 ? `${s % 60}秒` : ''}`;
  const h = Math.floor(s / 3600);
  if (h < 48) return `${h}小时${Math.floor((s % 3600) / 60) ? `${Math.floor((s % 3600) / 60)}分` : ''}`;
  return `${Math.floor(h / 24)}天${h % 24 ? `${h % 24}小时` : ''}`;
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const ms = (v: number | null) => (v === null ? dash : `${v < 100 ? Math.round(v * 10) / 10 : Math.round(v)} ms`);
const percent = (v: number | null) => (v === null ? dash : `${(v * 100).toFixed(v && v < 0.01 ? 2 : 1)}%`);

/** 11-29 10:47:52 (China time): the year is this year's on a live screen. */
const shortTime = (iso: string) => inChinaTime(iso).format('MM-DD HH:mm:ss');

const PROCESS_COLUMNS: TableColumnsType<TMonitorProcess> = [
  { title: '进程', dataIndex: 'name', width: 150, ellipsis: true },
  {
    title: '状态',
    dataIndex: 'gone',
    width: 80,
    render: (gone: boolean) => (gone ? <Tag color="error">已离线</Tag> : <Tag color="success">运行中</Tag>),
  },
  { title: '版本', dataIndex: 'version', width: 70 },
  { title: '启动时间', dataIndex: 'startedAt', width: 130, render: shortTime },
  { title: '最后心跳', dataIndex: 'beatAt', width: 130, render: shortTime },
  { title: '内存 (RSS)', dataIndex: 'rssBytes', width: 100, align: 'right', render: (v: number) => formatBytes(v) },
  { title: '事件循环延迟', dataIndex: 'eventLoopDelayMs', width: 110, align: 'right', render: ms },
  { title: '请求/分钟', dataIndex: 'requestsPerMinute', width: 90, align: 'right' },
  { title: 'P95 耗时', dataIndex: 'p95Ms', width: 90, align: 'right', render: ms },
  {
    title: '5xx 比例',
    dataIndex: 'errorRate',
    width: 90,
    align: 'right',
    render: (v: number | null) =>
      v !== null && v > 0 ? <Typography.Text type="danger">{percent(v)}</Typography.Text> : percent(v),
  },
];

const QUEUE_COLUMNS: TableColumnsType<TMonitorQueue> = [
  { title: '队列', dataIndex: 'queue', width: 220 },
  ...JOB_STATES.map((state) => ({
    title: JOB_STATE_LABELS[state],
    key: state,
    align: 'right' as const,
    render: (_: unknown, row: TMonitorQueue) => {
      const n = row.counts[state] ?? 0;
      return state === 'failed' && n > 0 ? <Typography.Text type="danger">{n}</Typography.Text> : n;
    },
  })),
];

function Summary({ data }: { data: TMonitor }) {
  const live = data.processes.filter((p) => !p.gone).length;
  const gone = data.processes.length - live;
  const waiting = data.queues.reduce((n, q) => n + (q.counts.created ?? 0) + (q.counts.retry ?? 0), 0);
  const { oldest } = data.payouts;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small">
          <Statistic title="运行中的进程" value={live} suffix={gone ? `/ 已离线 ${gone}` : undefined} />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small">
          <Statistic title="排队中的任务" value={waiting} />
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small">
          <Statistic title="未结束的代付" value={data.payouts.open} suffix="笔" />
          <Typography.Text type="secondary" data-testid="monitor-oldest-payout">
            {oldest ? `最早一笔 ${oldest.ref}，已等待 ${formatAge(oldest.ageSeconds)}` : '没有未结束的代付'}
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Card size="small">
          <Statistic
            title={data.database.kind === 'postgres' ? '数据库 (PostgreSQL)' : '数据库 (内嵌 PGlite)'}
            value={data.database.sizeBytes === null ? '—' : formatBytes(data.database.sizeBytes)}
          />
          <Typography.Text type="secondary" data-testid="monitor-connections">
            {data.database.connections === null ? '' : `连接数 ${data.database.connections}`}
            {data.database.pool
              ? `，本进程连接池 ${data.database.pool.total}（空闲 ${data.database.pool.idle}，等待 ${data.database.pool.waiting}）`
              : ''}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}

/** 系统监控: every server process by its heartbeat, the job queues, open payouts, the database; polled. */
export function MonitorPage() {
  useOpsTitle('系统监控');
  const query = useOpsMonitor();
  const { data } = query;

  if (!data) {
    if (query.isError)
      return (
        <Alert
          type="error"
          showIcon
          title="系统监控数据加载失败"
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      );
    return <Card loading aria-busy="true" />;
  }

  const gone = data.processes.filter((p) => p.gone);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          系统监控
        </Typography.Title>
        <Typography.Text type="secondary" aria-live="polite">
          每 {MONITOR_POLL_MS / 1000} 秒自动刷新，更新于 {formatDateTime(data.now)}
          {query.isError ? '（最近一次刷新失败）' : ''}
        </Typography.Text>
      </Space>
      {gone.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`${gone.length} 个进程已离线：${gone.map((p) => p.name).join('、')}`}
          description="超过 30 秒没有心跳；离线一小时后不再显示。"
        />
      )}
      <Summary data={data} />
      <Card size="small" title="服务进程">
        <Table<TMonitorProcess>
          rowKey="name"
          size="small"
          columns={PROCESS_COLUMNS}
          dataSource={data.processes}
          pagination={false}
          scroll={{ x: 1040 }}
          locale={{ emptyText: '暂无进程心跳' }}
        />
      </Card>
      <Card size="small" title="任务队列">
        <Table<TMonitorQueue>
          rowKey="queue"
          size="small"
          columns={QUEUE_COLUMNS}
          dataSource={data.queues}
          pagination={false}
          locale={{ emptyText: '暂无任务' }}
        />
      </Card>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="说明">
          进程每 10 秒写一次心跳；请求数、P95 耗时与 5xx 比例为心跳前一分钟内的数字。
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
