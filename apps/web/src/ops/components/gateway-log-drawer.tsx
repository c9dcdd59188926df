import { GATEWAY_LOG_REALM_LABELS, type TGatewayLogRow } from '@flexpay/contract/web';
import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useGatewayLogRequest } from '../api/gateway-log.ts';
import { StatusTag } from './gateway-status-tag.tsx';

const LEVEL_TAGS = { warn: ['warning', '警告'], error: ['error', '错误'], fatal: ['error', '致命'] } as const;

/**
 * One request of 网关日志: who called what and how it ended, the 操作日志 rows it wrote, and the
 * warnings and errors the server logged about it (found by its request id, whichever process
 * answered).
 */
export function GatewayLogDrawer({
  open,
  row,
  onClose,
  afterClose,
}: {
  open: boolean;
  row: TGatewayLogRow;
  onClose: () => void;
  afterClose?: () => void;
}) {
  const detail = useGatewayLogRequest(row.requestId);
  const data = detail.data;
  return (
    <Drawer
      title={`请求 ${row.requestId}`}
      open={open}
      onClose={onClose}
      afterOpenChange={(visible) => !visible && afterClose?.()}
      width={720}
    >
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          { key: 'at', label: '时间', children: formatDateTime(row.at) },
          { key: 'process', label: '服务进程', children: row.process },
          { key: 'realm', label: '访问域', children: GATEWAY_LOG_REALM_LABELS[row.realm] },
          {
            key: 'who',
            label: '调用方',
            children: row.operatorId
              ? `运营人员 #${row.operatorId}`
              : row.companyId
                ? `${row.companyName ?? `企业 #${row.companyId}`} · 管理员 #${row.adminId ?? '—'}`
                : '未登录',
          },
          { key: 'route', label: '接口', span: 2, children: `${row.method} ${row.route || '（无匹配路由）'}` },
          { key: 'path', label: '路径', span: 2, children: <Typography.Text code>{row.path}</Typography.Text> },
          { key: 'status', label: '结果', children: <StatusTag status={row.status} code={row.code} /> },
          { key: 'latency', label: '耗时', children: `${row.latencyMs.toFixed(1)} ms` },
          {
            key: 'bytes',
            label: '应答大小',
            children: row.bytes === null ? '—' : `${row.bytes.toLocaleString()} 字节`,
          },
          { key: 'ip', label: '客户端地址', children: row.ip },
          { key: 'ua', label: 'User-Agent', span: 2, children: row.userAgent || '—' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        操作日志
      </Typography.Title>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : detail.isError ? (
        <Alert type="error" showIcon message="加载失败" description={detail.error.message} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={data?.audit ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这个请求没有写操作日志" /> }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
            { title: '操作', dataIndex: 'action', width: 160 },
            { title: '对象', dataIndex: 'target', render: (v: string) => v || '—' },
            {
              title: '结果',
              dataIndex: 'result',
              width: 80,
              render: (v: string) =>
                v === 'success' ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>,
            },
            { title: '说明', dataIndex: 'message', ellipsis: true, render: (v: string) => v || '—' },
          ]}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        服务器日志（警告与错误）
      </Typography.Title>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !data?.serverLog.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="服务器没有记下这个请求的警告或错误" />
      ) : (
        <ol aria-label="服务器日志" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.serverLog.map((line, i) => {
            const [color, label] = LEVEL_TAGS[line.level];
            return (
              <li key={i} style={{ marginBottom: 12 }}>
                <Tag color={color}>{label}</Tag>
                <Typography.Text type="secondary">
                  {formatDateTime(line.at)} · {line.process}
                </Typography.Text>
                <div>
                  <Typography.Text strong>{line.message || '（无消息）'}</Typography.Text>
                </div>
                <Typography.Paragraph
                  code
                  copyable
                  ellipsis={{ rows: 3, expandable: true, symbol: '展开' }}
                  style={{ marginBottom: 0 }}
                >
                  {line.detail}
                </Typography.Paragraph>
              </li>
            );
          })}
        </ol>
      )}
    </Drawer>
  );
}
