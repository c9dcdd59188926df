import { API, apiPath } from '@flexpay/contract/web';

/** The receipt's PDF, for 文件预览 and the download (the session's token goes with it). */
export const receiptPdfUrl = (id: number) => apiPath(API.payroll.receiptPdf, { id });
