/** The link of 文件预览 (`/pdfPreview`) for a PDF of this site, with the name it downloads under. */
export function pdfPreviewPath(url: string, name?: string): string {
  const params = new URLSearchParams({ url });
  if (name) params.set('name', name);
  return `/pdfPreview?${params.toString()}`;
}
