/**
 * 在线客服 through the API (issue 29): the company's conversation and the operators' side, paging
 * backwards, read and delivered positions with unread counts, images (PNG/JPG only, another
 * company's refused), bad input in Chinese with nothing saved, the element and the realm checks
 * both ways, and the live stream: a message arrives, a reconnect with Last-Event-ID gets exactly
 * what it missed. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { download, PNG_BYTES, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { companyId, opsLogin } from '../money/support.ts';
import { adminWithout } from '../worker/support.ts';
import { openStream } from './sse.ts';

const C = '/api/chat';
const OPS = '/api/ops/chat';

describe('chat (在线客服)', () => {
  let t: TestApp;
  let demoToken: string;
  let yunfanToken: string;
  let opsToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let ops: Caller;
  let xinghe: number;
  let base: string;

  const messageCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from chat_message`))[0]?.n;

  beforeAll(async () => {
    t = await createTestApp({ chatHeartbeatMs: 300 });
    demoToken = await loginAs(t.app, 'demo');
    yunfanToken = await loginAs(t.app, 'demo_yf');
    opsToken = await opsLogin(t.app);
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, yunfanToken);
    ops = caller(t.app, opsToken);
    xinghe = await companyId(t.database.db, '星河科技有限公司');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the demo company's conversation with its seeded messages", async () => {
    const c = await demo.get(`${C}/conversation`);
    expect(c.body.status).toBe(200);
    expect(c.body.data).toMatchObject({ companyId: xinghe, status: 'open', unread: 0 });
    const page = await demo.get(`${C}/messages`);
    expect(page.body.data.rows.length).toBe(6);
    expect(page.body.data.hasMore).toBe(false);
    expect(page.body.data.rows[0].side).toBe('company');
    const ids = page.body.data.rows.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('creates a conversation on first use, for the company only', async () => {
    const c = await yunfan.get(`${C}/conversation`);
    expect(c.body.status).toBe(200);
    expect(c.body.data.companyId).not.toBe(xinghe);
    expect((await yunfan.get(`${C}/messages`)).body.data).toEqual({ rows: [], hasMore: false });
    expect((await yunfan.get(`${C}/unread`)).body.data).toEqual({ unread: 0 });
  });

  it('pages backwards with before and limit', async () => {
    const first = await demo.get(`${C}/messages`, { limit: 4 });
    expect(first.body.data.rows.length).toBe(4);
    expect(first.body.data.hasMore).toBe(true);
    const older = await demo.get(`${C}/messages`, { limit: 4, before: first.body.data.rows[0].id });
    expect(older.body.data.rows.length).toBe(2);
    expect(older.body.data.hasMore).toBe(false);
    expect(older.body.data.rows[1].id).toBeLessThan(first.body.data.rows[0].id);
    const bad = await demo.get(`${C}/messages`, { limit: 1000 });
    expect(bad.body.status).toBe(40000);
  });

  it('refuses bad text in Chinese and saves nothing', async () => {
    const before = await messageCount();
    const empty = await demo.post(`${C}/messages/text`, { text: '   ' });
    expect(empty.body.status).toBe(40000);
    expect(JSON.stringify(empty.body)).toContain('请输入消息内容');
    const long = await demo.post(`${C}/messages/text`, { text: '字'.repeat(2001) });
    expect(long.body.status).toBe(40000);
    expect(JSON.stringify(long.body)).toContain('消息最多 2000 个字');
    expect(await messageCount()).toBe(before);
  });

  it('moves read positions and unread counts on both sides', async () => {
    const list = await ops.get(`${OPS}/conversation/page`);
    expect(list.body.status).toBe(200);
    const row = list.body.data.rows.find((r: { companyId: number }) => r.companyId === xinghe);
    expect(row).toMatchObject({ unread: 2, companyName: '星河科技有限公司', assignedOperatorName: '平台运营' });
    // Unread first.
    expect(list.body.data.rows[0].unread).toBeGreaterThan(0);

    const sent = await ops.post(`${OPS}/conversation/${row.id}/text`, {
      text: '开票信息修改后需要重新审核，一般 1 个工作日。',
    });
    expect(sent.body.status).toBe(200);
    expect(sent.body.data.side).toBe('operator');
    expect((await demo.get(`${C}/unread`)).body.data).toEqual({ unread: 1 });

    const read = await demo.post(`${C}/read`, { upTo: sent.body.data.id });
    expect(read.body.status).toBe(200);
    expect(read.body.data).toMatchObject({ unread: 0, companyReadId: sent.body.data.id });
    expect((await demo.get(`${C}/unread`)).body.data).toEqual({ unread: 0 });

    const opsRead = await ops.post(`${OPS}/conversation/${row.id}/read`, { upTo: sent.body.data.id });
    expect(opsRead.body.data.unread).toBe(0);
    // Reading never goes past the last message, nor back.
    await demo.post(`${C}/read`, { upTo: 1 });
    expect((await demo.get(`${C}/conversation`)).body.data.companyReadId).toBe(sent.body.data.id);
  });

  it('filters the operator list and assigns, closes and reopens', async () => {
    const yf = (await yunfan.get(`${C}/conversation`)).body.data;
    const unassigned = await ops.get(`${OPS}/conversation/page`, { filter: 'unassigned' });
    expect(unassigned.body.data.rows.map((r: { id: number }) => r.id)).toContain(yf.id);
    const assigned = await ops.post(`${OPS}/conversation/${yf.id}/assign`);
    expect(assigned.body.data.assignedOperatorName).toBe('平台运营');
    const mine = await ops.get(`${OPS}/conversation/page`, { filter: 'mine' });
    expect(mine.body.data.rows.map((r: { id: number }) => r.id)).toContain(yf.id);

    const closed = await ops.post(`${OPS}/conversation/${yf.id}/close`);
    expect(closed.body.data.status).toBe('closed');
    expect((await ops.post(`${OPS}/conversation/${yf.id}/close`)).body.status).toBe(40900);
    const before = await messageCount();
    const refused = await ops.post(`${OPS}/conversation/${yf.id}/text`, { text: '你好' });
    expect(refused.body.status).toBe(40900);
    expect(refused.body.message).toContain('会话已关闭');
    expect(await messageCount()).toBe(before);
    expect((await ops.get(`${OPS}/conversation/page`, { filter: 'closed' })).body.data.rows[0].id).toBe(yf.id);

    // The company writing again reopens it.
    expect((await yunfan.post(`${C}/messages/text`, { text: '还在吗？' })).body.status).toBe(200);
    expect((await ops.get(`${OPS}/conversation/${yf.id}`)).body.data.status).toBe('open');
    await ops.post(`${OPS}/conversation/${yf.id}/close`);
    expect((await ops.post(`${OPS}/conversation/${yf.id}/reopen`)).body.data.status).toBe('open');
    expect((await ops.post(`${OPS}/conversation/${yf.id}/reopen`)).body.status).toBe(40900);
    expect((await ops.get(`${OPS}/conversation/999999`)).body.status).toBe(40400);
    expect((await ops.post(`${OPS}/conversation/999999/text`, { text: 'x' })).body.status).toBe(40400);
  });

  it('sends images (PNG and JPG only) and serves them to their company and the operators only', async () => {
    const before = await messageCount();
    const pdf = await uploadTo(t.app, demoToken, `${C}/messages/image`, {
      name: 'a.pdf',
      content: '%PDF-1.4\n%%EOF\n',
    });
    expect(pdf.body.status).toBe(40000);
    expect(JSON.stringify(pdf.body)).toContain('不支持的文件类型，仅支持 PNG、JPG 文件');
    expect(await messageCount()).toBe(before);

    const sent = await uploadTo(t.app, demoToken, `${C}/messages/image`, { name: 'shot.png', content: PNG_BYTES });
    expect(sent.body.status).toBe(200);
    expect(sent.body.data).toMatchObject({ kind: 'image', imageUrl: `${C}/image/${sent.body.data.id}` });
    const own = await download(t.app, demoToken, `${C}/image/${sent.body.data.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(own.bytes, PNG_BYTES)).toBe(0);
    expect((await download(t.app, yunfanToken, `${C}/image/${sent.body.data.id}`)).body?.status).toBe(40400);
    expect((await download(t.app, opsToken, `${OPS}/image/${sent.body.data.id}`)).statusCode).toBe(200);
    // A text message is no image.
    const text = (await demo.get(`${C}/messages`, { limit: 2 })).body.data.rows[0];
    expect((await download(t.app, demoToken, `${C}/image/${text.id}`)).body?.status).toBe(40400);
    // The general file download does not serve chat images.
    const conv = (await demo.get(`${C}/conversation`)).body.data;
    const opsImage = await uploadTo(t.app, opsToken, `${OPS}/conversation/${conv.id}/image`, {
      name: 'r.jpg',
      content: PNG_BYTES,
    });
    expect(opsImage.body.status).toBe(200);
    expect(opsImage.body.data.imageUrl).toBe(`${OPS}/image/${opsImage.body.data.id}`);
  });

  it('keeps the realms apart and checks the elements', async () => {
    expect((await caller(t.app, opsToken).get(`${C}/conversation`)).body.status).toBe(40101);
    expect((await demo.get(`${OPS}/conversation/page`)).body.status).toBe(40101);
    expect((await caller(t.app).get(`${C}/unread`)).body.status).toBe(40101);
    const noView = caller(t.app, await adminWithout(t, demoToken, ['chat:view', 'chat:send']));
    expect((await noView.get(`${C}/conversation`)).body.status).toBe(40301);
    expect((await noView.get(`${C}/unread`)).body.status).toBe(40301);
    const noSend = caller(t.app, await adminWithout(t, demoToken, ['chat:send']));
    expect((await noSend.get(`${C}/messages`)).body.status).toBe(200);
    expect((await noSend.post(`${C}/messages/text`, { text: '你好' })).body.status).toBe(40301);
    const streamNoToken = await fetch(`${base}${C}/stream`);
    expect(streamNoToken.status).toBe(401);
    const opsOnCompany = await fetch(`${base}${C}/stream`, { headers: { authorization: opsToken } });
    expect(opsOnCompany.status).toBe(401);
    const companyOnOps = await fetch(`${base}${OPS}/stream`, { headers: { authorization: demoToken } });
    expect(companyOnOps.status).toBe(401);
  });

  it('manages quick replies', async () => {
    const list = await ops.get(`${OPS}/quickReply`);
    expect(list.body.data.length).toBe(3);
    const added = await ops.post(`${OPS}/quickReply`, { text: '稍等，我查一下。' });
    expect(added.body.status).toBe(200);
    expect((await ops.post(`${OPS}/quickReply`, { text: ' ' })).body.status).toBe(40000);
    expect((await ops.del(`${OPS}/quickReply/${added.body.data.id}`)).body.status).toBe(200);
    expect((await ops.del(`${OPS}/quickReply/${added.body.data.id}`)).body.status).toBe(40400);
    expect((await demo.get(`${OPS}/quickReply`)).body.status).toBe(40101);
  });

  it('streams new messages live, and replays exactly the missed ones after Last-Event-ID', async () => {
    const company = await openStream(`${base}${C}/stream`, demoToken);
    expect(company.status).toBe(200);
    expect(company.headers.get('content-type')).toContain('text/event-stream');
    expect(company.headers.get('cache-control')).toBe('no-cache');
    expect(company.headers.get('x-accel-buffering')).toBe('no');
    expect(company.headers.get('content-encoding')).toBeNull();
    const operator = await openStream(`${base}${OPS}/stream`, opsToken);
    const otherCompany = await openStream(`${base}${C}/stream`, yunfanToken);
    await company.until((e) => e.some((x) => x.event === 'conversation'));
    const conv = (await demo.get(`${C}/conversation`)).body.data;

    const sent = await demo.post(`${C}/messages/text`, { text: '实时消息 1' });
    await operator.until(() => operator.messages().some((m) => m.id === sent.body.data.id));
    await company.until(() => company.messages().some((m) => m.id === sent.body.data.id));
    const event = operator.events.find((e) => e.event === 'message' && e.id === String(sent.body.data.id));
    expect(event).toBeDefined();

    const reply = await ops.post(`${OPS}/conversation/${conv.id}/text`, { text: '实时回复 1' });
    await company.until(() => company.messages().some((m) => m.id === reply.body.data.id));
    // Pushed to the company's open stream: delivered, then told to both sides.
    await operator.until((e) =>
      e.some((x) => x.event === 'conversation' && JSON.parse(x.data).companyDeliveredId >= reply.body.data.id),
    );
    expect(otherCompany.messages().map((m) => m.text)).not.toContain('实时消息 1');

    // The company goes away; three messages meanwhile; it comes back with its last id.
    const lastSeen = Math.max(...company.messages().map((m) => m.id));
    company.close();
    const missed: number[] = [];
    for (const text of ['离线 1', '离线 2', '离线 3']) {
      missed.push((await ops.post(`${OPS}/conversation/${conv.id}/text`, { text })).body.data.id);
    }
    const again = await openStream(`${base}${C}/stream`, demoToken, lastSeen);
    await again.until(() => again.messages().length >= 3);
    const live = await ops.post(`${OPS}/conversation/${conv.id}/text`, { text: '重连后' });
    await again.until(() => again.messages().some((m) => m.id === live.body.data.id));
    expect(again.messages().map((m) => m.id)).toEqual([...missed, live.body.data.id]);
    // The unread count follows.
    await again.until((e) => e.some((x) => x.event === 'conversation' && JSON.parse(x.data).unread === 4));

    again.close();
    operator.close();
    otherCompany.close();
  });

  it('ends a stream at the next heartbeat once its session has signed out', async () => {
    const token = await loginAs(t.app, 'demo');
    const stream = await openStream(`${base}${C}/stream`, token);
    await stream.until((e) => e.some((x) => x.event === 'conversation'));
    expect((await caller(t.app, token).post('/api/auth/jwt/invalid', { token })).body.status).toBe(200);
    await stream.ended(5000);
    const again = await fetch(`${base}${C}/stream`, { headers: { authorization: token } });
    expect(again.status).toBe(401);
  });
});
