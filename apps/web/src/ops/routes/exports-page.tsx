import { EXPORT_JOB_FILTERS, ExportJobList } from '../../components/export-job-list.tsx';
import { useListQuery } from '../../lib/use-list-query.ts';
import { downloadOpsExport, useOpsExports } from '../api/exports.ts';
import { useOpsTitle } from '../lib/use-ops-title.ts';

/** 下载中心 (/ops/exports): the exports this operator asked for (网关日志's 导出), and their files. */
export function ExportsPage() {
  useOpsTitle('下载中心');
  const list = useListQuery(EXPORT_JOB_FILTERS);
  const jobs = useOpsExports(list.query);
  return (
    <ExportJobList list={list} jobs={jobs} download={downloadOpsExport} empty="暂无导出任务，可在网关日志点击“导出”" />
  );
}
