import { API, type TExportJob, type TReceiptFilters } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** 打包下载: the matching receipts zipped by the download centre. */
export function exportReceipts(filters: TReceiptFilters): Promise<TExportJob> {
  return request<TExportJob>('POST', API.payroll.receiptExport, filters);
}

export const useExportReceipts = () => useStartExport(exportReceipts);
