import { API, type TExportJob, type TInvoiceExportFilters } from '@flexpay/contract/web';
import { useStartExport } from '../../../api/start-export.ts';
import { request } from '../../../lib/request.ts';

/** 导出 of 开票记录, with the list's filters; the file appears in 下载中心. */
export function exportInvoices(filters: TInvoiceExportFilters): Promise<TExportJob> {
  return request<TExportJob>('POST', API.invoice.export, filters);
}

export const useExportInvoices = () => useStartExport(exportInvoices);
