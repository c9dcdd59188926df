import { describe, expect, it } from 'vitest';
import { MARGIN, PAGE, placeSeal, renderReceiptPdf, wrapText } from './receipt-pdf.ts';

describe('receipt PDF', () => {
  it('wraps text at the width, breaking anywhere', () => {
    const measure = (s: string) => [...s].length * 10;
    expect(wrapText('一二三四五六七', 30, measure)).toEqual(['一二三', '四五六', '七']);
    expect(wrapText('', 30, measure)).toEqual(['']);
    expect(wrapText('一二', 30, measure)).toEqual(['一二']);
  });

  it('renders a small PDF (the font a subset of it), the same bytes for the same receipt', async () => {
    const data = {
      receiptNo: 'HD2026112400000001',
      paidAt: new Date('2026-11-24T02:00:00Z'),
      payerName: '海南某某人力资源服务有限公司'.repeat(3),
      clientName: '星河科技有限公司',
      payeeName: '欧阳娜娜',
      payeeAccount: '支付宝 138****0000',
      amountFen: 1,
      purpose: '劳务报酬',
      reference: 'PO1-1',
      batchNo: 'FF20261124000001',
    };
    const a = await renderReceiptPdf(data);
    const b = await renderReceiptPdf(data);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const text = Buffer.from(a).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(a.length).toBeLessThan(100_000);
  });
});

describe('the seal', () => {
  it('sits below the table and inside the page, so it covers no row (交易流水号, 批次号) and no note', () => {
    // The table's bottom line of a receipt with one line per row (about 118 pt), and of ones
    // with rows wrapped onto two or three lines.
    for (const tableBottom of [118, 100, 88, 84]) {
      const { cx, cy, r } = placeSeal(tableBottom);
      expect(cy + r + 1.2).toBeLessThanOrEqual(tableBottom);
      expect(cy - r - 1.2).toBeGreaterThan(0);
      expect(cx + r + 1.2).toBeLessThanOrEqual(PAGE.width - MARGIN);
      // The notes (at most about 330 pt wide at 8 pt) end well left of the ring.
      expect(cx - r - 1.2).toBeGreaterThan(MARGIN + 340);
    }
  });
});
