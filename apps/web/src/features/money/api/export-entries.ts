import { API, type TExportJob, type TLedgerEntryFilters } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** Queues an export of 资金明细 with the list's filters; the file appears in 下载中心. */
export function exportEntries(filters: TLedgerEntryFilters): Promise<TExportJob> {
  return request<TExportJob>('POST', API.money.entriesExport, filters);
}

export const useExportEntries = () => useStartExport(exportEntries);
