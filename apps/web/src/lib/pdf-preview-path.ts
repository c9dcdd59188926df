import { screenPath } from '@flexpay/contract/web';
/** The link of 文件预览 (`/pdfPreview`) for a PDF of this site, with the name it downloads under. */
export function pdfPreviewPath(url: string, name?: string): string {
  return screenPath('pdfPreview', { url, name: name || undefined });
}
