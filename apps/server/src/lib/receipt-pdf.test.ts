import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MARGIN, PAGE, placeQr, placeSeal, renderReceiptPdf, verifyLink, wrapText } from './receipt-pdf.ts';

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

describe('the verification code and QR code (回单验真)', () => {
  it('names the check page with the code', () => {
    expect(verifyLink('https://hr.example.com/verify', 'ABCD0123EFGH4567JKMN')).toBe(
      'https://hr.example.com/verify?code=ABCD0123EFGH4567JKMN',
    );
  });

  it('puts the QR code below the table, right of the notes and left of the seal, inside the page', () => {
    for (const tableBottom of [118, 100, 88, 84]) {
      const seal = placeSeal(tableBottom);
      const qr = placeQr(tableBottom, seal);
      expect(qr.y + qr.size).toBeLessThanOrEqual(tableBottom - 6);
      expect(qr.y).toBeGreaterThan(0);
      expect(qr.x).toBeGreaterThan(MARGIN + 340);
      expect(qr.x + qr.size).toBeLessThan(seal.cx - seal.r - 1.2);
      expect(qr.size).toBeGreaterThanOrEqual(40);
    }
  });

  it('draws an issued receipt to the very bytes it was issued with (its kept SHA-256 must stay true)', async () => {
    // An issued receipt's SHA-256 is kept and shown on /verify (ADR 0029): a change to the drawing,
    // the font or pdf-lib that changes these bytes makes every receipt issued before fail its check.
    const pdf = await renderReceiptPdf({
      receiptNo: 'HD2026112400000001',
      paidAt: new Date('2026-11-24T02:00:00Z'),
      payerName: '海南灵活用工人力资源服务有限公司',
      clientName: '星河科技有限公司',
      payeeName: '欧阳娜娜',
      payeeAccount: '银行卡 6222 **** **** 1234 中国工商银行',
      amountFen: 1234567,
      purpose: '劳务报酬：2026-10 十月工资',
      reference: 'PO1-1',
      batchNo: 'FF20261124000001',
      verification: { code: 'ABCD0123EFGH4567JKMN', pageUrl: 'http://localhost:8080/verify' },
    });
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(
      'b1d8d4e58a5fa7f1f9c2171fdd8cffcf386a22dcbd4f3aeb4208b95c73f45dfe',
    );
  });
});
