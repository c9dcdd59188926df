import { API, type TExportJob, type TSubmitStatsQuery } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** Queues an export of 提交统计's table with the range and filter shown; the file appears in 下载中心. */
export function exportSubmitStatistics(query: TSubmitStatsQuery): Promise<TExportJob> {
  return request<TExportJob>('POST', API.statistics.submitStatisticsExport, query);
}

export const useExportSubmitStatistics = () => useStartExport(exportSubmitStatistics);
