import {
  EXPORT_RETENTION_DAYS,
  EXPORT_STATUSES,
  EXPORT_STATUS_LABELS,
  type TExportJob,
  type TExportStatus,
  type TPage,
} from '@flexpay/contract/web';
import { DownloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Progress, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { isExportRunning } from '../lib/export-jobs.ts';
import { formatThousands } from '../lib/format.ts';
import { formatBytes } from '../lib/format-bytes.ts';
import { defineFilters, selectFilter } from '../lib/list-filters.ts';
import type { TListQuery } from '../lib/use-list-query.ts';
import { DateTimeStack } from './date-time-stack.tsx';
import { ListSearchForm } from './list-search-form.tsx';
import { ListTable } from './list-table.tsx';
import { useDownload } from './use-download.ts';

const STATUS_COLORS: Record<TExportStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};
const STATUS_OPTIONS = EXPORT_STATUSES.map((value) => ({ value, label: EXPORT_STATUS_LABELS[value] }));

/** A download centre's filters: the status. */
export const EXPORT_JOB_FILTERS = defineFilters({
  status: selectFilter({ label: '状态', options: STATUS_OPTIONS, width: 140 }),
});

const isExpired = (job: TExportJob, now: number) => dayjs(job.expiresAt).valueOf() <= now;
const percentOf = (progress: number) => Math.round(Math.min(100, Math.max(0, progress)));

/**
 * The list of a download centre (the company's 下载中心 and the operators'): each job with its
 * type, status, progress while it runs, rows, size, times, and 下载 once its file is made and
 * kept. `jobs` polls while a job runs (lib/export-jobs.ts); `download` saves a job's file with the
 * centre's own client.
 */
export function ExportJobList({
  list,
  jobs,
  download,
  empty,
}: {
  list: TListQuery<typeof EXPORT_JOB_FILTERS>;
  jobs: UseQueryResult<TPage<TExportJob>>;
  download: (job: TExportJob) => Promise<void>;
  /** What the empty list says: where exports are asked for. */
  empty: string;
}) {
  const { download: run, isDownloading } = useDownload();
  // Expiry is judged at the time the rows arrived (each poll and page change refreshes it).
  const now = jobs.dataUpdatedAt;

  const columns: TableColumnsType<TExportJob> = [
    {
      title: '文件名',
      dataIndex: 'fileName',
      // The whole name, wrapped when long: it is how the user tells the files apart.
      render: (fileName: string) => <span style={{ wordBreak: 'break-all' }}>{fileName || '-'}</span>,
    },
    { title: '类型', dataIndex: 'typeName', width: 90 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
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
      width: 120,
      render: (progress: number, job) =>
        isExportRunning(job) ? (
          <Progress
            percent={percentOf(progress)}
            size="small"
            status="active"
            aria-label={`${job.fileName || job.typeName}的进度`}
          />
        ) : (
          '-'
        ),
    },
    {
      title: '行数',
      dataIndex: 'rowCount',
      width: 80,
      align: 'right',
      render: (count: number, job) => (job.status === 'done' ? formatThousands(count) : '-'),
    },
    {
      title: '大小',
      dataIndex: 'fileSize',
      width: 80,
      align: 'right',
      render: (size: number, job) => (job.status === 'done' ? formatBytes(size) : '-'),
    },
    // Date above time, so the three fit beside a readable file name from 1366 px.
    { title: '创建时间', dataIndex: 'createdAt', width: 110, render: (at: string) => <DateTimeStack at={at} /> },
    {
      title: '完成时间',
      dataIndex: 'finishedAt',
      width: 110,
      render: (at: string | null) => <DateTimeStack at={at} />,
    },
    { title: '过期时间', dataIndex: 'expiresAt', width: 110, render: (at: string) => <DateTimeStack at={at} /> },
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
            onClick={() => void run(job.id, () => download(job))}
          >
            下载
          </Button>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <>
      <ListSearchForm list={list} query={jobs} />
      <Typography.Paragraph type="secondary">
        导出文件生成后保留 {EXPORT_RETENTION_DAYS} 天，过期后需要重新导出。
      </Typography.Paragraph>
      <ListTable<TExportJob>
        query={jobs}
        noun="导出任务"
        isFiltered={list.isFiltered}
        empty={empty}
        columns={columns}
        // Polling refreshes quietly; only a page or filter change shows the spinner.
        loading={jobs.isFetching && (jobs.isPlaceholderData || !jobs.data)}
        pagination={list.pagination}
        // Fits a 1366 px window in either console (a table about 1,066 px wide), the file name
        // taking what is left; narrower windows scroll.
        scroll={{ x: 1060 }}
      />
    </>
  );
}
