import { Card } from 'antd';
import { useExportJobs } from '../../../api/get-export-jobs.ts';
import { EXPORT_JOB_FILTERS, ExportJobList } from '../../../components/export-job-list.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { downloadExport } from '../api/download-export.ts';

/** 下载中心 (/exportList/exportIndex). */
export function Component() {
  const list = useListQuery(EXPORT_JOB_FILTERS);
  const jobs = useExportJobs(list.query);
  return (
    <Card>
      <ExportJobList list={list} jobs={jobs} download={downloadExport} empty="暂无导出任务，可在各列表页点击“导出”" />
    </Card>
  );
}
