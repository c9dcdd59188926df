import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { filesDirOf } from '../../src/lib/file-store.ts';
import { buildXlsx, download, PNG_BYTES, uploadTo } from '../files.ts';
import { createTestApp, loginAs, type TestApp } from '../helpers.ts';

const UPLOAD = '/api/admin/file/upload';
const MB = 1024 * 1024;

interface AuditRow {
  action: string;
  result: string;
  status: number;
  target: string;
}

describe('file upload API (文件上传)', () => {
  let t: TestApp;
  let demo: string;
  let finance: string;
  let yf: string;

  const storedCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stored_file`))[0]?.n ?? 0;
  const lastAudit = async () =>
    (
      await queryRows<AuditRow>(
        t.database.db,
        sql`select action, result, status, target from audit_log order by id desc limit 1`,
      )
    )[0];

  beforeAll(async () => {
    t = await createTestApp();
    demo = await loginAs(t.app, 'demo');
    finance = await loginAs(t.app, 'finance');
    yf = await loginAs(t.app, 'demo_yf');
  });
  afterAll(() => t.close());

  it('stores a PNG under the company, answers the file, audits file.upload, and serves it back', async () => {
    const res = await uploadTo(t.app, demo, UPLOAD, { name: 'logo.png', content: PNG_BYTES });
    expect(res.body.status).toBe(200);
    const file = res.body.data;
    expect(file).toMatchObject({ name: 'logo.png', size: PNG_BYTES.length, contentType: 'image/png' });
    expect(file.url).toBe(`/api/admin/file/${file.id}`);
    expect(await lastAudit()).toMatchObject({ action: 'file.upload', result: 'success', target: `file:${file.id}` });

    const [row] = await queryRows<{ storage_key: string; purpose: string; company_id: number }>(
      t.database.db,
      sql`select storage_key, purpose, company_id::int as company_id from stored_file where id = ${file.id}`,
    );
    const [company] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select company_id::int as id from admin where username = 'demo'`,
    );
    expect(row?.purpose).toBe('upload');
    expect(row?.storage_key.startsWith(`companies/${company?.id}/upload/`)).toBe(true);
    expect(existsSync(join(filesDirOf(t.app.config.dataDir), row?.storage_key ?? ''))).toBe(true);

    for (const token of [demo, finance]) {
      const got = await download(t.app, token, file.url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(String(got.headers['content-disposition'])).toContain(
        'inline; filename="logo.png"; filename*=UTF-8\'\'logo.png',
      );
      expect(got.bytes.equals(PNG_BYTES)).toBe(true);
    }
  });

  it('tells the kind by content: JPG, PDF, XLSX, ZIP and CSV, whatever the name says, and names it so', async () => {
    const xlsx = await buildXlsx([{ name: 'Sheet1', rows: [['a', 'b']] }]);
    const cases = [
      {
        name: 'photo.bin',
        content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]),
        type: 'image/jpeg',
        // The extension follows the content: a download never says a kind it is not.
        stored: 'photo.jpg',
      },
      {
        name: '名单.txt',
        content: '姓名,手机号\n李四,13900000000\n',
        type: 'text/csv; charset=utf-8',
        stored: '名单.csv',
      },
      { name: '合同.pdf', content: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), type: 'application/pdf' },
      { name: '名单.xlsx', content: xlsx, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      {
        name: 'bundle.zip',
        content: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 0), Buffer.from('readme.txt')]),
        type: 'application/zip',
      },
      { name: '名单.csv', content: '\ufeff姓名,手机号\r\n张三,13800000000\r\n', type: 'text/csv; charset=utf-8' },
    ];
    for (const c of cases) {
      const res = await uploadTo(t.app, demo, UPLOAD, { name: c.name, content: c.content });
      expect(res.body.status, c.name).toBe(200);
      expect(res.body.data, c.name).toMatchObject({
        name: 'stored' in c ? c.stored : c.name,
        contentType: c.type,
        size: Buffer.from(c.content).length,
      });
      const got = await download(t.app, demo, res.body.data.url);
      expect(got.bytes.equals(Buffer.from(c.content)), c.name).toBe(true);
    }
  });

  it('refuses unsupported, empty and too large files and missing parts with a Chinese reason, storing nothing', async () => {
    const before = await storedCount();
    const cases = [
      {
        file: { name: 'anim.gif', content: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1') },
        message: '不支持的文件类型，仅支持 PNG、JPG、PDF、XLSX、ZIP、CSV 文件',
      },
      {
        file: { name: 'a.png', content: Buffer.from([0x00, 0x01, 0x02, 0x03, 0x89]) },
        message: '不支持的文件类型，仅支持 PNG、JPG、PDF、XLSX、ZIP、CSV 文件',
      },
      // Markup is text but not a table: it was stored as CSV under its own extension (an outside
      // probe's finding).
      {
        file: {
          name: 'logo.svg',
          content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
        message: '不支持的文件类型，仅支持 PNG、JPG、PDF、XLSX、ZIP、CSV 文件',
      },
      {
        file: { name: 'page.html', content: Buffer.from('\ufeff  <!DOCTYPE html><html><body>x</body></html>') },
        message: '不支持的文件类型，仅支持 PNG、JPG、PDF、XLSX、ZIP、CSV 文件',
      },

      { file: { name: 'empty.png', content: Buffer.alloc(0) }, message: '文件内容为空，请选择有内容的文件' },
      {
        file: { name: 'big.png', content: Buffer.concat([PNG_BYTES, Buffer.alloc(10 * MB, 7)]) },
        message: '文件大小不能超过 10 MB',
      },
      { file: { name: 'other.png', content: PNG_BYTES, field: 'image' }, message: '请选择要上传的文件' },
      { file: null, message: '请选择要上传的文件' },
    ];
    for (const c of cases) {
      const res = await uploadTo(t.app, demo, UPLOAD, c.file);
      expect(res.statusCode, c.message).toBe(400);
      expect(res.body, c.message).toMatchObject({ status: 40000, message: c.message });
      expect(res.body.data.errors, c.message).toEqual([{ path: 'file', message: c.message }]);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { authorization: demo },
      payload: { a: 1 },
    });
    expect(json.json()).toMatchObject({ status: 40000, message: '请选择要上传的文件' });
    expect(await lastAudit()).toMatchObject({ action: 'file.upload', result: 'failure', status: 40000 });
    expect(await storedCount()).toBe(before);
  });

  it('answers a broken multipart body with 40000, not a server error', async () => {
    const before = await storedCount();
    const bodies = [
      { payload: 'garbage', type: 'multipart/form-data' },
      { payload: 'garbage', type: 'multipart/form-data; boundary=x' },
      {
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
        type: 'multipart/form-data; boundary=x',
      },
    ];
    for (const b of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: UPLOAD,
        payload: b.payload,
        headers: { authorization: demo, 'content-type': b.type },
      });
      expect(res.statusCode, b.type).toBe(400);
      expect(res.json(), b.type).toMatchObject({
        status: 40000,
        message: '上传的内容不完整或格式有误，请重新选择文件上传',
      });
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers a file of another company, a generated file or an unknown id with 40400', async () => {
    const res = await uploadTo(t.app, demo, UPLOAD, { name: 'logo.png', content: PNG_BYTES });
    const url = res.body.data.url as string;
    const other = await download(t.app, yf, url);
    expect(other.statusCode).toBe(404);
    expect(other.body).toMatchObject({ status: 40400, message: '文件不存在' });

    const [generated] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into stored_file (company_id, admin_id, name, content_type, size, storage_key, purpose)
          select company_id, id, 'x.xlsx', 'application/zip', 1, 'companies/x/export/x.xlsx', 'export' from admin where username = 'demo'
          returning id`,
    );
    for (const path of [
      `/api/admin/file/${generated?.id}`,
      '/api/admin/file/00000000-0000-0000-0000-000000000000',
      '/api/admin/file/not-a-uuid',
    ]) {
      const got = await download(t.app, demo, path);
      expect(got.body, path).toMatchObject({ status: 40400 });
    }
  });

  it('answers 40101 without a token', async () => {
    const up = await uploadTo(t.app, undefined, UPLOAD, { name: 'logo.png', content: PNG_BYTES });
    expect(up.statusCode).toBe(401);
    expect(up.body.status).toBe(40101);
    expect(await lastAudit()).toMatchObject({ action: 'file.upload', result: 'failure', status: 40101 });
    const got = await download(t.app, undefined, '/api/admin/file/00000000-0000-0000-0000-000000000000');
    expect(got.body).toMatchObject({ status: 40101 });
  });
});
