/**
 * The electronic receipt (电子回单) of a successful payout as a PDF: pdf-lib draws it, with the
 * Chinese text in Noto Sans SC (Google's font, from npm) embedded as a subset of the glyphs the
 * receipt uses, so any reader shows it without fonts of its own. One A5 landscape page: both
 * parties, the amount in figures and in capitals, the time, the references, and the service
 * company's seal drawn as text in a red ring.
 *
 * Fonts go through fontkit 2, not the @pdf-lib/fontkit fork pdf-lib suggests: the fork's
 * subsetter drops most glyphs of this font (ADR 0015). pdf-lib asks its fontkit for a font per
 * document and calls `encodeStream` on a subset; `fontkitFor` adapts fontkit 2's font (whose
 * subset has `encode`) and hands every document the one font parsed at the first receipt (about
 * 10 MB, some 100 ms), which leaves a receipt at about 10 ms.
 */
import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { formatReceiptCode } from '@flexpay/contract';
import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { chinaDateTime } from './china-time.ts';
import { fenToChineseCapital } from './chinese-amount.ts';

export interface ReceiptPdfData {
  receiptNo: string;
  paidAt: Date;
  /** 付款方: the service company that paid the worker. */
  payerName: string;
  /** 委托方: the employer whose money it was. */
  clientName: string;
  payeeName: string;
  /** 银行卡 or 支付宝, the masked account, the bank if known. */
  payeeAccount: string;
  amountFen: number;
  purpose: string;
  /** The payout's reference at the provider (交易流水号). */
  reference: string;
  batchNo: string;
  /**
   * 回单验真 (issue 42): the receipt's verification code (20 characters, printed in groups) and
   * the public check page's address; the QR code names the page with the code.
   */
  verification?: { code: string; pageUrl: string } | undefined;
}

const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
type PdfFontkit = Parameters<PDFDocument['registerFontkit']>[0];

/** pdf-lib's fontkit, answering with `font`, whose subsets stream their bytes as pdf-lib expects. */
function fontkitFor(font: fontkit.Font): PdfFontkit {
  const adapted = new Proxy(font, {
    get(target, key) {
      if (key === 'createSubset') {
        return () => {
          const subset = target.createSubset();
          return {
            includeGlyph: (glyph: fontkit.Glyph) => subset.includeGlyph(glyph),
            cff: false,
            encodeStream() {
              const events = new EventEmitter();
              queueMicrotask(() => {
                try {
                  events.emit('data', subset.encode());
                  events.emit('end');
                } catch (err) {
                  events.emit('error', err);
                }
              });
              return events;
            },
          };
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  // The shapes differ only in the members adapted above; pdf-lib's type names its own fork.
  return { create: () => adapted } as unknown as PdfFontkit;
}

let loading: Promise<{ bytes: Uint8Array; fontkit: PdfFontkit }> | undefined;

/** The font's bytes and the fontkit for pdf-lib, loaded once. */
export function loadFont() {
  loading ??= (async () => {
    const bytes = await readFile(createRequire(import.meta.url).resolve(FONT_FILE));
    const font = fontkit.create(bytes);
    if (!('createSubset' in font)) throw new Error(`${FONT_FILE} is a font collection`);
    return { bytes, fontkit: fontkitFor(font) };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export const PAGE = { width: 595.28, height: 419.53 };
export const MARGIN = 36;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.45, 0.45, 0.45);
const LINE = rgb(0.72, 0.72, 0.72);
const LABEL_BG = rgb(0.95, 0.96, 0.98);
const SEAL = rgb(0.82, 0.11, 0.11);

const yuan = (fen: number) => `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

/** Splits text into lines no wider than `width` (CJK text breaks anywhere). */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && measure(line + ch) > width) {
      lines.push(line);
      line = '';
    }
    line += ch;
  }
  lines.push(line);
  return lines;
}

/** The seal's radius at most (its ring's border adds 1.2 on each side). */
export const SEAL_RADIUS = 44;
/** Space between the table's bottom line and the seal's ring. */
const SEAL_GAP = 6;

/**
 * Where the seal goes: below the table (whose bottom line is at `tableBottom`), at the right, so
 * it covers none of the rows (交易流水号 and 批次号 are the last ones) and none of the notes at the
 * left; never below the page's edge.
 */
export function placeSeal(tableBottom: number): { cx: number; cy: number; r: number } {
  // A table grown by wrapped rows leaves less room: the seal shrinks to fit (down to 32).
  const r = Math.max(32, Math.min(SEAL_RADIUS, (tableBottom - SEAL_GAP - 8) / 2 - 1.2));
  return { cx: PAGE.width - MARGIN - SEAL_RADIUS - 10, cy: Math.max(tableBottom - SEAL_GAP - r - 1.2, r + 8), r };
}

/** The seal: a red ring, the payer's name along its upper arc, a star, `label` (电子回单专用章) beneath. */
export function drawSeal(
  page: PDFPage,
  font: PDFFont,
  name: string,
  cx: number,
  cy: number,
  r: number,
  label = '电子回单专用章',
) {
  page.drawCircle({ x: cx, y: cy, size: r, borderColor: SEAL, borderWidth: 2.4, opacity: 0, borderOpacity: 0.85 });
  const chars = [...name].slice(0, 24);
  const size = chars.length > 14 ? 7.5 : chars.length > 10 ? 8.5 : 9.5;
  // About 15° a character, at most 220°: the ends stay above the words at the bottom.
  const span = (Math.min(220, chars.length * 15) * Math.PI) / 180;
  const ring = r - 4.5 - size;
  chars.forEach((ch, i) => {
    const angle = Math.PI / 2 + span / 2 - (chars.length > 1 ? (i * span) / (chars.length - 1) : span / 2);
    const w = font.widthOfTextAtSize(ch, size);
    // Upright towards the rim: the glyph's baseline is the tangent, its middle on the radius.
    const rot = angle - Math.PI / 2;
    page.drawText(ch, {
      x: cx + ring * Math.cos(angle) - (w / 2) * Math.cos(rot),
      y: cy + ring * Math.sin(angle) - (w / 2) * Math.sin(rot),
      size,
      font,
      color: SEAL,
      opacity: 0.85,
      rotate: degrees((rot * 180) / Math.PI),
    });
  });
  const star = '★';
  page.drawText(star, {
    x: cx - font.widthOfTextAtSize(star, 22) / 2,
    y: cy - 9,
    size: 22,
    font,
    color: SEAL,
    opacity: 0.85,
  });
  page.drawText(label, {
    x: cx - font.widthOfTextAtSize(label, 7.5) / 2,
    y: cy - 27,
    size: 7.5,
    font,
    color: SEAL,
    opacity: 0.85,
  });
}

/** The address a receipt's QR code names: the check page with the code. */
export const verifyLink = (pageUrl: string, code: string) => `${pageUrl}?code=${encodeURIComponent(code)}`;

/** The QR code's side at most, in points (33 modules of about 1.9 pt: a phone reads it off paper). */
export const QR_SIZE = 64;

/**
 * Where the QR code goes: below the table, between the notes (at most about 340 pt wide) and the
 * seal's ring, its top level with the seal's; smaller when a tall table leaves less room.
 */
export function placeQr(tableBottom: number, seal: { cx: number; r: number }): { x: number; y: number; size: number } {
  const top = tableBottom - 8;
  const size = Math.max(40, Math.min(QR_SIZE, top - 12));
  return { x: seal.cx - seal.r - 1.2 - 12 - size, y: top - size, size };
}

/** Draws `text` as a QR code (error correction M) in the square at (x, y) of side `size`, dark on white. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    // A run of dark modules in a row is one rectangle: fewer drawing operators, the same picture.
    let start = -1;
    for (let col = 0; col <= modules.size; col++) {
      const dark = col < modules.size && modules.get(row, col) === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        page.drawRectangle({
          x: x + start * cell,
          y: y + size - (row + 1) * cell,
          width: (col - start) * cell,
          height: cell,
          color: INK,
        });
        start = -1;
      }
    }
  }
}

/** Renders the receipt. */
export async function renderReceiptPdf(data: ReceiptPdfData): Promise<Uint8Array> {
  const { bytes, fontkit: shared } = await loadFont();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(shared);
  const font = await doc.embedFont(bytes, { subset: true });
  doc.setTitle(`电子回单 ${data.receiptNo}`);
  doc.setSubject(`${data.payerName} → ${data.payeeName} ${yuan(data.amountFen)}`);
  doc.setCreator('FlexPay');
  doc.setProducer('FlexPay (pdf-lib)');
  // The receipt's own time: the same receipt renders to the same bytes.
  doc.setCreationDate(data.paidAt);
  doc.setModificationDate(data.paidAt);

  const page = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN - 20;

  const title = '电子回单';
  page.drawText(title, { x: (PAGE.width - font.widthOfTextAtSize(title, 20)) / 2, y, size: 20, font, color: INK });
  y -= 22;
  page.drawText(`回单编号：${data.receiptNo}`, { x: MARGIN, y, size: 9, font, color: MUTED });
  const printed = `交易时间：${chinaDateTime(data.paidAt)}`;
  page.drawText(printed, {
    x: PAGE.width - MARGIN - font.widthOfTextAtSize(printed, 9),
    y,
    size: 9,
    font,
    color: MUTED,
  });
  y -= 8;

  const rows: [string, string][] = [
    ['付款方', data.payerName],
    ['委托方', data.clientName],
    ['收款方', data.payeeName],
    ['收款账户', data.payeeAccount],
    ['金额（小写）', yuan(data.amountFen)],
    ['金额（大写）', `人民币${fenToChineseCapital(data.amountFen)}`],
    ['用途', data.purpose],
    ['交易流水号', data.reference],
    ['批次号', data.batchNo],
  ];
  const labelWidth = 92;
  const size = 10.5;
  const lineHeight = 15;
  const padX = 8;
  const measure = (s: string) => font.widthOfTextAtSize(s, size);
  const top = y;
  for (const [label, value] of rows) {
    const lines = wrapText(value, width - labelWidth - 2 * padX, measure);
    const height = Math.max(1, lines.length) * lineHeight + 9;
    page.drawRectangle({ x: MARGIN, y: y - height, width: labelWidth, height, color: LABEL_BG });
    page.drawText(label, { x: MARGIN + padX, y: y - 15.5, size, font, color: MUTED });
    lines.forEach((line, i) => {
      page.drawText(line, {
        x: MARGIN + labelWidth + padX,
        y: y - 15.5 - i * lineHeight,
        size,
        font,
        color: INK,
      });
    });
    page.drawLine({
      start: { x: MARGIN, y: y - height },
      end: { x: MARGIN + width, y: y - height },
      thickness: 0.6,
      color: LINE,
    });
    y -= height;
  }
  page.drawRectangle({ x: MARGIN, y, width, height: top - y, borderColor: LINE, borderWidth: 0.8 });
  page.drawLine({
    start: { x: MARGIN + labelWidth, y: top },
    end: { x: MARGIN + labelWidth, y },
    thickness: 0.6,
    color: LINE,
  });

  const notes = [
    '本回单为付款方通过支付渠道完成付款后自动生成的电子凭证，可凭回单编号向委托方核验。',
    '电子回单与纸质回单具有同等效力，重复打印不代表重复付款。',
  ];
  notes.forEach((note, i) => page.drawText(note, { x: MARGIN, y: y - 16 - i * 12, size: 8, font, color: MUTED }));
  const seal = placeSeal(y);
  if (data.verification) {
    const { code, pageUrl } = data.verification;
    const qr = placeQr(y, seal);
    drawQr(page, verifyLink(pageUrl, code), qr.x, qr.y, qr.size);
    let lineY = y - 16 - notes.length * 12 - 4;
    page.drawText(`回单验证码：${formatReceiptCode(code)}`, { x: MARGIN, y: lineY, size: 10, font, color: INK });
    const how = `扫描右侧二维码，或访问 ${pageUrl} 输入验证码，可核验本回单的内容与文件指纹（SHA-256）。`;
    for (const line of wrapText(how, qr.x - 8 - MARGIN, (t) => font.widthOfTextAtSize(t, 8))) {
      lineY -= 12;
      page.drawText(line, { x: MARGIN, y: lineY, size: 8, font, color: MUTED });
    }
  }
  drawSeal(page, font, data.payerName, seal.cx, seal.cy, seal.r);

  return doc.save();
}
