import { IMPORT_MAX_ROWS, IMPORT_STATUS_LABELS, type TImportJob, type TImportRowError } from '@flexpay/contract/web';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Progress,
  Result,
  Space,
  Table,
  Typography,
  Upload,
  type TableColumnsType,
} from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatThousands } from '../../lib/format.ts';
import { useDownload } from '../use-download.ts';
import {
  downloadImportReport,
  downloadImportTemplate,
  isImportRunning,
  useCommitImport,
  useImportJob,
  useUploadImport,
  type TImportKind,
} from './import-api.ts';

const ACCEPTED = /\.(xlsx|csv)$/i;

type TErrorRow = TImportRowError & { key: string };

const ERROR_COLUMNS: TableColumnsType<TErrorRow> = [
  { title: '行号', dataIndex: 'row', width: 80 },
  { title: '字段', dataIndex: 'field', width: 140, render: (field: string) => field || '-' },
  { title: '原因', dataIndex: 'message' },
];

const percentOf = (progress: number) => Math.round(Math.min(100, Math.max(0, progress)));

export interface TImportDrawerProps {
  /** The import kind: its API path and words (import-api.ts). */
  kind: TImportKind;
  open: boolean;
  onClose: () => void;
  /** Shown under the success once the rows are in (the workers' real-name verification). */
  committedExtra?: (job: TImportJob) => ReactNode;
}

/**
 * 批量导入 of any kind of the server's import centre: template, upload, validation with progress
 * and errors, then an all-or-nothing commit.
 */
export function ImportDrawer({ kind, open, onClose, committedExtra }: TImportDrawerProps) {
  return (
    <Drawer open={open} title={`批量导入${kind.noun}`} size={720} onClose={onClose} destroyOnHidden>
      <ImportPanel kind={kind} onClose={onClose} committedExtra={committedExtra} />
    </Drawer>
  );
}

function ImportPanel({
  kind,
  onClose,
  committedExtra,
}: {
  kind: TImportKind;
  onClose: () => void;
  committedExtra?: ((job: TImportJob) => ReactNode) | undefined;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | undefined>(undefined);
  const upload = useUploadImport(kind);
  const commit = useCommitImport(kind);
  const jobQuery = useImportJob(kind, jobId);
  const { download, isDownloading } = useDownload();
  const refreshedFor = useRef<string | undefined>(undefined);
  const job = jobId === undefined ? undefined : jobQuery.data;

  // Once the rows are in, the screens that show them must show them.
  useEffect(() => {
    if (job?.status !== 'committed' || refreshedFor.current === job.id) return;
    refreshedFor.current = job.id;
    for (const queryKey of kind.affects()) void queryClient.invalidateQueries({ queryKey });
  }, [job, kind, queryClient]);

  const onUpload = async (file: File) => {
    if (upload.isPending) return;
    try {
      const created = await upload.mutateAsync(file);
      setJobId(created.id);
    } catch {
      // the request layer has shown why
    }
  };

  const onCommit = async (current: TImportJob) => {
    if (commit.isPending) return;
    try {
      await commit.mutateAsync(current.id);
    } catch {
      // the request layer has shown why
    }
  };

  const restart = () => {
    setJobId(undefined);
    upload.reset();
    commit.reset();
  };

  const templateStep = (
    <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">
        请先下载模板，按模板填写{kind.noun}信息后上传。支持 .xlsx、.csv 文件，每个文件最多{' '}
        {formatThousands(IMPORT_MAX_ROWS)} 行。
      </Typography.Text>
      <Button
        type="link"
        icon={<DownloadOutlined />}
        loading={isDownloading('template')}
        onClick={() => void download('template', () => downloadImportTemplate(kind))}
      >
        下载模板
      </Button>
    </Flex>
  );

  if (!job) {
    return (
      <>
        {templateStep}
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          disabled={upload.isPending}
          beforeUpload={(file) => {
            if (ACCEPTED.test(file.name)) return true;
            void message.error('仅支持 .xlsx 或 .csv 文件');
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file }) => {
            if (file instanceof File) void onUpload(file);
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{upload.isPending ? '正在上传…' : '点击或拖拽文件到此处上传'}</p>
          <p className="ant-upload-hint">每次上传一个文件，上传后将逐行校验</p>
        </Upload.Dragger>
      </>
    );
  }

  const fileLine = (
    <Space size={24} style={{ marginBottom: 16 }}>
      <span>文件：{job.fileName}</span>
      <span>状态：{IMPORT_STATUS_LABELS[job.status]}</span>
    </Space>
  );

  if (isImportRunning(job.status)) {
    return (
      <>
        {fileLine}
        <Typography.Paragraph>
          {job.status === 'validating' ? '正在逐行校验文件，请稍候…' : `正在导入${kind.noun}，请稍候…`}
        </Typography.Paragraph>
        <Progress percent={percentOf(job.progress)} status="active" />
        {jobQuery.isError && (
          <Alert type="warning" showIcon style={{ marginTop: 16 }} title="进度获取失败，正在重试…" />
        )}
      </>
    );
  }

  if (job.status === 'committed') {
    return (
      <Result
        status="success"
        title={`成功导入 ${formatThousands(job.insertedRows)} 条`}
        subTitle={`文件：${job.fileName}`}
        extra={[
          <Button key="done" type="primary" onClick={onClose}>
            完成
          </Button>,
          <Button key="again" onClick={restart}>
            继续导入
          </Button>,
        ]}
      >
        {committedExtra?.(job)}
      </Result>
    );
  }

  if (job.status === 'failed') {
    return (
      <Result
        status="error"
        title="导入失败"
        subTitle={job.message || '文件无法处理，请检查文件后重新上传。'}
        extra={
          <Button type="primary" onClick={restart}>
            重新上传
          </Button>
        }
      />
    );
  }

  // validated
  const hasErrors = job.errorRows > 0;
  const isEmpty = job.validRows === 0 && !hasErrors;
  const errorRows: TErrorRow[] = job.errors.map((error, index) => ({ ...error, key: `${index}` }));
  return (
    <>
      {fileLine}
      <Descriptions
        size="small"
        bordered
        column={3}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'total', label: '总行数', children: formatThousands(job.totalRows) },
          { key: 'valid', label: '有效', children: formatThousands(job.validRows) },
          {
            key: 'error',
            label: '错误',
            children: (
              <Typography.Text type={hasErrors ? 'danger' : undefined}>
                {formatThousands(job.errorRows)}
              </Typography.Text>
            ),
          },
        ]}
      />
      {hasErrors && (
        <>
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={`有 ${formatThousands(job.errorRows)} 行存在错误，请修改后重新上传`}
            description="导入只会全部成功或全部不导入：文件中有任何错误时不能确认导入。下表为前几条错误，全部错误请下载错误报告。"
          />
          <Table<TErrorRow>
            size="small"
            rowKey="key"
            columns={ERROR_COLUMNS}
            dataSource={errorRows}
            pagination={errorRows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            style={{ marginBottom: 16 }}
          />
        </>
      )}
      {isEmpty && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`文件中没有${kind.noun}数据`} />}
      {!hasErrors && !isEmpty && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={`校验通过，共 ${formatThousands(job.validRows)} 条${kind.noun}数据可以导入`}
        />
      )}
      <Space>
        <Button
          type="primary"
          disabled={hasErrors || isEmpty}
          loading={commit.isPending}
          onClick={() => void onCommit(job)}
        >
          确认导入
        </Button>
        {hasErrors && (
          <Button
            icon={<DownloadOutlined />}
            loading={isDownloading('report')}
            onClick={() => void download('report', () => downloadImportReport(kind, job.id))}
          >
            下载错误报告
          </Button>
        )}
        <Button onClick={restart}>重新上传</Button>
      </Space>
    </>
  );
}
