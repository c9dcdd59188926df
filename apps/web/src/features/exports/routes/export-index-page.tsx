import {
  EXPORT_RETENTION_DAYS,
  EXPORT_STATUSES,
  EXPORT_STATUS_LABELS,
  type TExportJob,
  type TExportStatus,
} from '@flexpay/contract/web';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { ListSearchForm } from '../../../components/list-search-form.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { useDownload } from '../../../components/use-download.ts';
import { formatThousands } from '../../../lib/format.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { isExportRunning, useExportJobs } from '../../../api/get-export-jobs.ts';
import { defineFilters, selectFilter } from '../../../lib/list-filters.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { downloadExport } from '../api/download-export.ts';

const STATUS_COLORS: Record<TExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};
const STATUS_OPTIONS = EXPORT_STATUSES.map((value) => ({ value, label: EXPORT_STATUS_LABELS[value] }));

const EXPORT_FILTERS = defineFilters({
  status: selectFilter({ label: '状态', options: STATUS_OPTIONS, width: 140 }),
});
const isExpired = (job: TExportJob, now: number) => dayjs(job.expiresAt).valueOf() <= now;
const percentOf = (progress: number) => Math.round(Math.min(100, Math.max(0, progress)));

/** 下载中心 (/exportList/exportIndex). */
export function Component() {
  const list = useListQuery(EXPORT_FILTERS);
  const jobs = useExportJobs(list.query);
  const { download, isDownloading } = useDownload();
  // Expiry is judged at the time the rows arrived (each poll and page change refreshes it).
  const now = jobs.dataUpdatedAt;

  const columns: TableColumnsType<TExportJob> = [
    {
      title: '文件名',
      dataIndex: 'fileName',
      // The whole name, wrapped when long: it is how the user tells the files apart.
      render: (fileName: string) => <span style={{ wordBreak: 'break-all' }}>{fileName || '-'}</span>,
    },
    { title: '类型', dataIndex: 'typeName', width: 100 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (value: TExportStatus, job) => (
        <Flex vertical gap={4} align="flex-start">
          <Space size={4}>
            <Tag color={STATUS_COLORS[value]}>{EXPORT_STATUS_LABELS[value]}</Tag>
            {value === 'done' && isExpired(job, now) && <Tag>已过期</Tag>}
          </Space>
          {value === 'failed' && job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: '进度',
      dataIndex: 'progress',
      width: 130,
      render: (progress: number, job) =>
        isExportRunning(job) ? <Progress percent={percentOf(progress)} size="small" status="active" /> : '-',
    },
    {
      title: '行数',
      dataIndex: 'rowCount',
      width: 90,
      align: 'right',
      render: (count: number, job) => (job.status === 'done' ? formatThousands(count) : '-'),
    },
    {
      title: '大小',
      dataIndex: 'fileSize',
      width: 90,
      align: 'right',
      render: (size: number, job) => (job.status === 'done' ? formatBytes(size) : '-'),
    },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (time: string) => formatDateTime(time) },
    { title: '过期时间', dataIndex: 'expiresAt', width: 160, render: (time: string) => formatDateTime(time) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, job) =>
        job.status === 'done' && !isExpired(job, now) ? (
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            loading={isDownloading(job.id)}
            onClick={() => void download(job.id, () => downloadExport(job))}
          >
            下载
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Card>
      <ListSearchForm list={list} query={jobs} />
      <Typography.Paragraph type="secondary">
        导出文件生成后保留 {EXPORT_RETENTION_DAYS} 天，过期后需要重新导出。
      </Typography.Paragraph>

      <ListTable<TExportJob>
        query={jobs}
        noun="导出任务"
        isFiltered={list.isFiltered}
        empty="暂无导出任务，可在各列表页点击“导出”"
        columns={columns}
        // Polling refreshes quietly; only a page or filter change shows the spinner.
        loading={jobs.isFetching && (jobs.isPlaceholderData || !jobs.data)}
        pagination={list.pagination}
        // Fits from 1366 px, the file name taking what is left; narrower windows scroll.
        scroll={{ x: 1000 }}
      />
    </Card>
  );
}
