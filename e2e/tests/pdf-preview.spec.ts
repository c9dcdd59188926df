import { expect, test } from '../fixtures.ts';

/** A small valid PDF with `pages` pages, built by hand (objects, cross-reference table, trailer). */
function makePdf(pages: number): Buffer {
  const objects: string[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => 3 + i * 2);
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`);
  const font = 3 + pages * 2;
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 24 Tf 72 720 Td (Receipt page ${i + 1}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('the PDF preview shows every page, zooms, and offers the download', async ({ page, consoleErrors }) => {
  await page.route(
    (url) => url.pathname === '/files/receipt-demo.pdf',
    (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: makePdf(2) }),
  );
  await page.goto('/pdfPreview?url=/files/receipt-demo.pdf');
  await expect(page.getByText('共 2 页')).toBeVisible();
  await expect(page.locator('.react-pdf__Page canvas')).toHaveCount(2);
  await expect(page.getByText('第 2 / 2 页')).toBeVisible();
  await expect(page.getByText('120%')).toBeVisible();
  await page.getByRole('button', { name: '放大' }).click();
  await expect(page.getByText('140%')).toBeVisible();
  // The download goes through the app's request layer (the session's token with it).
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /下\s*载/ }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('receipt-demo.pdf');
  expect(consoleErrors).toEqual([]);
});

test('the PDF preview refuses a file from another site', async ({ page }) => {
  await page.goto('/pdfPreview?url=https://example.com/evil.pdf');
  await expect(page.getByText('文件地址无效。')).toBeVisible();
});
