import './exceljs-utf8-fix.ts';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { luhnCheckDigit } from '../src/lib/bank-card.ts';
import { idCardCheckChar } from '../src/lib/id-card.ts';
import type { Reply } from './helpers.ts';

/** A multipart/form-data body with one file part (field `file` unless told) and optional fields. */
export function multipartBody(
  file: { name: string; content: Buffer | string; field?: string; contentType?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----flexpay-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      typeof file.content === 'string' ? Buffer.from(file.content) : file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs one file as multipart (field `file`) with this token; answers the parsed envelope. */
export async function uploadTo(
  app: FastifyInstance,
  token: string | undefined,
  url: string,
  file: { name: string; content: Buffer | string; field?: string } | null,
): Promise<Reply> {
  const body = multipartBody(file);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
  });
  return { statusCode: res.statusCode, body: res.json(), headers: res.headers };
}

/** GETs a file with this token: status, headers, bytes, and the envelope when the answer is JSON. */
export async function download(app: FastifyInstance, token: string | undefined, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
  const type = String(res.headers['content-type'] ?? '');
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    bytes: res.rawPayload,
    body: type.includes('json') ? (res.json() as { status: number; message?: string }) : undefined,
  };
}

export type Cell = string | number | Date | null;

/** An xlsx built in memory: sheets of rows (the first row of each is whatever you put there). */
export async function buildXlsx(sheets: { name: string; rows: Cell[][] }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Every sheet of an xlsx as rows of text (row 1 first; empty cells as ''). */
export async function readXlsx(bytes: Buffer): Promise<{ name: string; rows: string[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((ws) => {
    const rows: string[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(Array.from(values, (v) => (v === null || v === undefined ? '' : String(v))));
    });
    return { name: ws.name, rows };
  });
}

/**
 * A valid ID number unique per serial (below 336,000), in a region (天津市和平区) the demo data
 * does not use, born in 1990.
 */
export function testIdNumber(serial: number): string {
  const month = String(1 + (serial % 12)).padStart(2, '0');
  const day = String(1 + (Math.floor(serial / 12) % 28)).padStart(2, '0');
  const seq = String(Math.floor(serial / 336) % 1000).padStart(3, '0');
  const first17 = `1201011990${month}${day}${seq}`;
  return first17 + idCardCheckChar(first17);
}

/** A valid 17-digit bank card number (Luhn) unique per serial. */
export function testCardNumber(serial: number): string {
  const body = `622848${String(serial).padStart(10, '0')}`;
  return body + luhnCheckDigit(body);
}

export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
