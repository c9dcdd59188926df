import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, splitTax } from './invoice-pdf.ts';

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += content.items.map((i) => ('str' in i ? i.str : '')).join('');
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}

describe('invoice PDF', () => {
  it('splits a total into amount and tax that add up to it', () => {
    expect(splitTax(106_00, 600)).toEqual({ amountFen: 100_00, taxFen: 6_00 });
    expect(splitTax(1_00, 600)).toEqual({ amountFen: 94, taxFen: 6 });
    for (const total of [1, 99, 12_345, 9_999_999]) {
      const { amountFen, taxFen } = splitTax(total, 600);
      expect(amountFen + taxFen).toBe(total);
    }
  });

  it('draws one page with both parties, the line, the totals in figures and capitals, and the seal', async () => {
    const bytes = await renderInvoicePdf({
      invoiceNo: '24312000000012345678',
      issuedAt: new Date('2026-11-20T02:00:00Z'),
      special: false,
      buyerName: '星河科技有限公司',
      buyerTaxNo: '91310115MA1H8XK20X',
      sellerName: '海南灵工服务有限公司',
      sellerTaxNo: '91460000MA5T000001',
      content: '现代服务*服务费',
      totalFen: 1_060_00,
      taxRateBp: 600,
      remark: '申请编号 FP00000001',
      drawer: '平台运营',
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBe(1);
    for (const part of [
      '电子发票（普通发票）',
      '24312000000012345678',
      '2026-11-20',
      '星河科技有限公司',
      '91310115MA1H8XK20X',
      '海南灵工服务有限公司',
      '*现代服务*服务费',
      '1,000.00',
      '60.00',
      '6%',
      '壹仟零陆拾元整',
      '¥1,060.00',
      '发票专用章',
    ]) {
      expect(text).toContain(part);
    }
  });
});
