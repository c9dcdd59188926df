/**
 * 在线签署's signature page: appended to a contract's PDF when the company signs it online, with
 * the signer, the company, the time (Beijing) and the SHA-256 of the document as uploaded, so the
 * signed PDF says what was signed. Drawn like the contract (contract-pdf.ts): pdf-lib with Noto
 * Sans SC embedded as a subset.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import { loadFont, MARGIN, PAGE, wrapText } from './receipt-pdf.ts';

export interface SignaturePageData {
  contractNo: string;
  title: string;
  companyName: string;
  serviceCompanyName: string;
  signerName: string;
  /** How the signer confirmed: 短信验证码 or 身份验证器. */
  methodLabel: string;
  signedAt: Date;
  /** SHA-256 (hex) of the PDF as uploaded. */
  originalSha256: string;
}

const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.45, 0.45, 0.45);

/** `2026-11-28 20:47:11` in Beijing time. */
export const beijingDateTime = (at: Date) =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The PDF could not be read (damaged, or encrypted): no page can be appended. */
export class UnreadablePdfError extends Error {}

/** The contract's PDF with the signature page appended (the original pages unchanged). */
export async function appendSignaturePage(original: Uint8Array, data: SignaturePageData): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(original, { updateMetadata: false });
  } catch (err) {
    throw new UnreadablePdfError('the contract PDF cannot be read', { cause: err });
  }
  const { bytes, fontkit } = await loadFont();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  doc.setModificationDate(data.signedAt);

  const page = doc.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN - 20;
  const heading = '电子签署页';
  page.drawText(heading, { x: (PAGE.width - font.widthOfTextAtSize(heading, 18)) / 2, y, size: 18, font, color: INK });
  y -= 30;
  const size = 10.5;
  const measure = (s: string) => font.widthOfTextAtSize(s, size);
  const lines = [
    `合同名称：${data.title}`,
    `合同编号：${data.contractNo}`,
    `甲方（用工企业）：${data.companyName}`,
    `乙方（服务商）：${data.serviceCompanyName}`,
    `签署人：${data.signerName}（${data.companyName}）`,
    `签署方式：在线签署（${data.methodLabel}验证）`,
    `签署时间：${beijingDateTime(data.signedAt)}（北京时间）`,
    `原文件 SHA-256：${data.originalSha256}`,
  ];
  for (const line of lines) {
    for (const part of wrapText(line, width, measure)) {
      page.drawText(part, { x: MARGIN, y, size, font, color: INK });
      y -= 16;
    }
    y -= 4;
  }
  const note =
    '本页由灵活用工平台在甲方在线签署时生成并附于合同之后；原文件 SHA-256 为签署前合同文件的摘要，可据此核对所签署的文件。';
  for (const part of wrapText(note, width, (s) => font.widthOfTextAtSize(s, 9))) {
    page.drawText(part, { x: MARGIN, y, size: 9, font, color: MUTED });
    y -= 13;
  }
  return doc.save();
}
