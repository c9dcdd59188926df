import { expect, test } from '../fixtures.ts';
import { makePdf } from '../helpers.ts';

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
