/**
 * Issue 38 point 11, the server's part: /ops shows unread chat outside 在线客服, so the operators
 * have one count over every conversation (`GET /api/ops/chat/unread`), and a picture is listed as
 * [图片] in the conversation list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES, uploadTo } from '../files.ts';
import { caller, createTestApp, loginAs, type Caller, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';

const OPS = '/api/ops/chat';

describe('the operators’ unread count', () => {
  let t: TestApp;
  let demoToken: string;
  let demo: Caller;
  let yunfan: Caller;
  let ops: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    demoToken = await loginAs(t.app, 'demo');
    demo = caller(t.app, demoToken);
    yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    ops = caller(t.app, await opsLogin(t.app));
  });
  afterAll(() => t.close());

  const listed = async () =>
    (await ops.get(`${OPS}/conversation/page`, { limit: 100 })).body.data.rows as {
      id: number;
      companyName: string;
      unread: number;
      lastMessageText: string;
    }[];
  const unread = async () => {
    const res = await ops.get(`${OPS}/unread`);
    expect(res.body.status).toBe(200);
    return res.body.data.unread as number;
  };

  it('counts every company’s unread messages, as the list does, and follows sends and reads', async () => {
    const start = await unread();
    expect(start).toBe((await listed()).reduce((sum, c) => sum + c.unread, 0));

    await demo.post('/api/chat/messages/text', { text: '请问发放何时到账？' });
    await yunfan.post('/api/chat/messages/text', { text: '你好' });
    const picture = await uploadTo(t.app, demoToken, '/api/chat/messages/image', { name: 'a.png', content: PNG_BYTES });
    expect(picture.body.status).toBe(200);
    expect(await unread()).toBe(start + 3);

    // The picture is the 星河科技 conversation's last message: the list says [图片].
    const xinghe = (await listed()).find((c) => c.companyName === '星河科技有限公司');
    expect(xinghe?.lastMessageText).toBe('[图片]');

    // Reading 星河科技's conversation takes its messages off the count, and only those.
    const before = xinghe?.unread ?? 0;
    expect(before).toBeGreaterThanOrEqual(2);
    await ops.post(`${OPS}/conversation/${xinghe?.id}/read`, { upTo: picture.body.data.id });
    expect(await unread()).toBe(start + 3 - before);
  });

  it('answers operators only: 40101 without a token or with a company admin’s', async () => {
    expect((await caller(t.app).get(`${OPS}/unread`)).body.status).toBe(40101);
    expect((await demo.get(`${OPS}/unread`)).body.status).toBe(40101);
  });
});
