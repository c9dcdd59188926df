/**
 * A contract (企业协议) as a PDF, for the demo's contracts: drawn like the receipt (receipt-pdf.ts:
 * pdf-lib, Noto Sans SC embedded as a subset, the service company's seal as text in a red ring),
 * one A5 landscape page with the parties, the term and the clauses. The same data renders to the
 * same bytes.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { drawSeal, loadFont, MARGIN, PAGE, wrapText } from './receipt-pdf.ts';

export interface ContractPdfData {
  contractNo: string;
  title: string;
  /** 甲方: the company. */
  companyName: string;
  /** 乙方: the service company. */
  serviceCompanyName: string;
  typeLabel: string;
  startDate: string;
  endDate: string;
  clauses: readonly string[];
  /** The document's time (metadata), fixed so the bytes are. */
  at: Date;
}

const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.45, 0.45, 0.45);

export async function renderContractPdf(data: ContractPdfData): Promise<Uint8Array> {
  const { bytes, fontkit } = await loadFont();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  doc.setTitle(`${data.title} ${data.contractNo}`);
  doc.setSubject(`${data.companyName} / ${data.serviceCompanyName}`);
  doc.setCreator('FlexPay');
  doc.setProducer('FlexPay (pdf-lib)');
  doc.setCreationDate(data.at);
  doc.setModificationDate(data.at);

  const page = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN - 20;
  page.drawText(data.title, {
    x: (PAGE.width - font.widthOfTextAtSize(data.title, 18)) / 2,
    y,
    size: 18,
    font,
    color: INK,
  });
  y -= 20;
  page.drawText(`合同编号：${data.contractNo}    类型：${data.typeLabel}`, {
    x: MARGIN,
    y,
    size: 9,
    font,
    color: MUTED,
  });
  y -= 22;
  const size = 10.5;
  const measure = (s: string) => font.widthOfTextAtSize(s, size);
  const paragraphs = [
    `甲方（用工企业）：${data.companyName}`,
    `乙方（服务商）：${data.serviceCompanyName}`,
    `合同期限：${data.startDate} 至 ${data.endDate}`,
    ...data.clauses.map((c, i) => `${i + 1}. ${c}`),
  ];
  for (const p of paragraphs) {
    for (const line of wrapText(p, width, measure)) {
      page.drawText(line, { x: MARGIN, y, size, font, color: INK });
      y -= 15;
    }
    y -= 3;
  }
  page.drawText('甲方（盖章）：', { x: MARGIN, y: MARGIN + 30, size, font, color: INK });
  page.drawText('乙方（盖章）：', { x: PAGE.width / 2, y: MARGIN + 30, size, font, color: INK });
  drawSeal(page, font, data.serviceCompanyName, PAGE.width / 2 + 140, MARGIN + 36, 34);
  return doc.save();
}
