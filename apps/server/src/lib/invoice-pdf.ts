/**
 * An invoice (电子发票) as a PDF, laid out like the tax bureau's fully digital invoice: the title
 * with its number and date, the buyer and the seller with their tax numbers, one line of the
 * service with its amount, tax rate and tax, the total in figures and capitals, a remark, and the
 * seller's 发票专用章. Drawn with pdf-lib and the receipts' embedded Chinese font
 * (receipt-pdf.ts). The demo's issued invoice is drawn this way; operators upload real ones.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { chinaDateOf } from './china-time.ts';
import { fenToChineseCapital } from './chinese-amount.ts';
import { drawSeal, loadFont, wrapText } from './receipt-pdf.ts';

export interface InvoicePdfData {
  invoiceNo: string;
  issuedAt: Date;
  /** 普通 or 专用. */
  special: boolean;
  buyerName: string;
  buyerTaxNo: string;
  sellerName: string;
  sellerTaxNo: string;
  /** 开票内容, e.g. 现代服务*服务费. */
  content: string;
  /** The total, tax included, in fen. */
  totalFen: number;
  /** Basis points: 600 is 6% (现代服务). */
  taxRateBp: number;
  remark: string;
  drawer: string;
}

const INK = rgb(0.55, 0.27, 0.07);
const TEXT = rgb(0.13, 0.13, 0.13);
const PAGE = { width: 595.28, height: 419.53 };
const M = 28;

const money = (fen: number) => `${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

/** The amount without tax and the tax of a total that includes it, in fen (the tax rounded). */
export function splitTax(totalFen: number, taxRateBp: number): { amountFen: number; taxFen: number } {
  const amountFen = Math.round((totalFen * 10_000) / (10_000 + taxRateBp));
  return { amountFen, taxFen: totalFen - amountFen };
}

export async function renderInvoicePdf(data: InvoicePdfData): Promise<Uint8Array> {
  const { bytes, fontkit } = await loadFont();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  const title = `电子发票（${data.special ? '增值税专用发票' : '普通发票'}）`;
  doc.setTitle(`${title} ${data.invoiceNo}`);
  doc.setCreator('FlexPay');
  doc.setProducer('FlexPay (pdf-lib)');
  doc.setCreationDate(data.issuedAt);
  doc.setModificationDate(data.issuedAt);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const text = (s: string, x: number, y: number, size = 9, color = TEXT) =>
    page.drawText(s, { x, y, size, font, color });
  const width = PAGE.width - 2 * M;

  // Title, with the number and date at the right.
  let y = PAGE.height - M - 18;
  const titleWidth = font.widthOfTextAtSize(title, 17);
  text(title, (PAGE.width - titleWidth) / 2, y, 17, INK);
  page.drawLine({
    start: { x: (PAGE.width - titleWidth) / 2, y: y - 5 },
    end: { x: (PAGE.width + titleWidth) / 2, y: y - 5 },
    thickness: 0.8,
    color: INK,
  });
  text(`发票号码：${data.invoiceNo}`, PAGE.width - M - 150, y + 4, 8.5, INK);
  text(`开票日期：${chinaDateOf(data.issuedAt)}`, PAGE.width - M - 150, y - 9, 8.5, INK);
  y -= 26;

  // Buyer and seller side by side.
  const partyHeight = 52;
  const half = width / 2;
  page.drawRectangle({ x: M, y: y - partyHeight, width, height: partyHeight, borderColor: INK, borderWidth: 0.8 });
  page.drawLine({ start: { x: M + half, y }, end: { x: M + half, y: y - partyHeight }, thickness: 0.8, color: INK });
  const party = (x: number, label: string, name: string, taxNo: string) => {
    page.drawLine({ start: { x: x + 18, y }, end: { x: x + 18, y: y - partyHeight }, thickness: 0.6, color: INK });
    [...label].forEach((c, i) => text(c, x + 5, y - 14 - i * 11, 9, INK));
    text('名称：', x + 24, y - 18, 9, INK);
    wrapText(name, half - 70, (s) => font.widthOfTextAtSize(s, 9))
      .slice(0, 2)
      .forEach((line, i) => text(line, x + 54, y - 18 - i * 11));
    text('统一社会信用代码/纳税人识别号：', x + 24, y - 42, 8, INK);
    text(taxNo, x + 24 + font.widthOfTextAtSize('统一社会信用代码/纳税人识别号：', 8), y - 42, 8.5);
  };
  party(M, '购买方', data.buyerName, data.buyerTaxNo);
  party(M + half, '销售方', data.sellerName, data.sellerTaxNo);
  y -= partyHeight;

  // The line of the service, the totals and 价税合计.
  const { amountFen, taxFen } = splitTax(data.totalFen, data.taxRateBp);
  const cols = [
    { label: '项目名称', x: M + 6 },
    { label: '单位', x: M + 200 },
    { label: '数量', x: M + 240 },
    { label: '单价', x: M + 280 },
    { label: '金额', x: M + 350 },
    { label: '税率/征收率', x: M + 410 },
    { label: '税额', x: M + 480 },
  ];
  const tableHeight = 110;
  page.drawRectangle({ x: M, y: y - tableHeight, width, height: tableHeight, borderColor: INK, borderWidth: 0.8 });
  for (const c of cols) text(c.label, c.x, y - 14, 9, INK);
  const rate = `${data.taxRateBp / 100}%`;
  const line = [
    `*${data.content.replace(/^\*/, '')}`,
    '次',
    '1',
    money(amountFen),
    money(amountFen),
    rate,
    money(taxFen),
  ];
  line.forEach((v, i) => text(v, cols[i]?.x ?? M, y - 32));
  text('合计', M + 6, y - tableHeight + 10, 9, INK);
  text(`¥${money(amountFen)}`, M + 350, y - tableHeight + 10);
  text(`¥${money(taxFen)}`, M + 480, y - tableHeight + 10);
  y -= tableHeight;
  const totalHeight = 24;
  page.drawRectangle({ x: M, y: y - totalHeight, width, height: totalHeight, borderColor: INK, borderWidth: 0.8 });
  text('价税合计（大写）', M + 6, y - 16, 9, INK);
  text(fenToChineseCapital(data.totalFen), M + 100, y - 16);
  text('（小写）', M + 380, y - 16, 9, INK);
  text(`¥${money(data.totalFen)}`, M + 420, y - 16);
  y -= totalHeight;

  // 备注, and who drew it.
  const remarkHeight = 44;
  page.drawRectangle({ x: M, y: y - remarkHeight, width, height: remarkHeight, borderColor: INK, borderWidth: 0.8 });
  page.drawLine({ start: { x: M + 18, y }, end: { x: M + 18, y: y - remarkHeight }, thickness: 0.6, color: INK });
  [...'备注'].forEach((c, i) => text(c, M + 5, y - 16 - i * 12, 9, INK));
  wrapText(data.remark, width - 40, (s) => font.widthOfTextAtSize(s, 9))
    .slice(0, 3)
    .forEach((l, i) => text(l, M + 26, y - 14 - i * 12));
  y -= remarkHeight;
  text(`开票人：${data.drawer}`, M + 6, y - 16, 9, INK);
  // The seller's seal below the boxes, at the right: it covers none of the figures.
  drawSeal(page, font, data.sellerName, PAGE.width - M - 60, y - 46, 42, '发票专用章');

  return doc.save();
}
