/**
 * A company's open chat stream ends as soon as its session stops opening it (issue 40, an
 * outside probe's finding: a signed-out session's stream kept receiving until its next heartbeat,
 * up to 15 s; a message sent 1.1 s after the sign-out arrived): a sign-out, a disable, a password
 * reset or a withdrawn chat:view re-checks the company's streams at once, in every process. The
 * heartbeat here is a minute, so only the re-check can end them in time. PGlite, and PostgreSQL
 * with TEST_DATABASE_URL (where a second process's stream is ended too).
 */
import { ELEMENT_CODES } from '@flexpay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createSecondProcess, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { openStream, type SseClient } from './sse.ts';

const STREAM = '/api/chat/stream';
const PASSWORD = 'Passw0rd!x';
/** Well inside any heartbeat of this file: the stream ends because of the change, not a ping. */
const AT_ONCE_MS = 2000;
const HEARTBEAT_MS = 60_000;

describe('chat streams end when their session changes', () => {
  let t: TestApp;
  let base: string;
  let owner: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ chatHeartbeatMs: HEARTBEAT_MS });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    owner = await loginAs(t.app, 'demo');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new admin of 星河科技 with a role of its own holding every element; its token and ids. */
  async function newAdmin() {
    const boss = caller(t.app, owner);
    seq += 1;
    const role = await boss.post('/api/admin/role', { name: `客服角色${seq}`, elementCodes: [...ELEMENT_CODES] });
    const username = `stream_${seq}_${process.pid}`;
    const admin = await boss.post('/api/admin/user', {
      username,
      password: PASSWORD,
      name: '客服测试',
      mobile: '13900000000',
      roleIds: [role.body.data.id],
    });
    expect(admin.body.status, JSON.stringify(admin.body)).toBe(200);
    return {
      token: await loginAs(t.app, username, PASSWORD),
      id: admin.body.data.id as number,
      roleId: role.body.data.id as number,
    };
  }

  async function opened(token: string): Promise<SseClient> {
    const stream = await openStream(`${base}${STREAM}`, token);
    await stream.until((e) => e.some((x) => x.event === 'conversation'));
    return stream;
  }

  it('a sign-out ends it at once, and a message sent afterwards never reaches it', async () => {
    const { token } = await newAdmin();
    const stream = await opened(token);
    expect((await caller(t.app, token).post('/api/auth/jwt/invalid', { token })).body.status).toBe(200);
    await stream.ended(AT_ONCE_MS);
    const sent = await caller(t.app, owner).post('/api/chat/messages/text', { text: '退出后发送' });
    expect(sent.body.status).toBe(200);
    expect(stream.messages().some((m) => m.id === sent.body.data.id)).toBe(false);
  });

  it('a disable by the owner ends it at once', async () => {
    const { token, id } = await newAdmin();
    const stream = await opened(token);
    expect((await caller(t.app, owner).put(`/api/admin/user/${id}/status`, { status: 'disabled' })).body.status).toBe(
      200,
    );
    await stream.ended(AT_ONCE_MS);
  });

  it('a password reset ends it at once', async () => {
    const { token, id } = await newAdmin();
    const stream = await opened(token);
    const reset = await caller(t.app, owner).put(`/api/admin/user/${id}/password`, { password: 'N3wPassw0rd!' });
    expect(reset.body.status).toBe(200);
    await stream.ended(AT_ONCE_MS);
  });

  it('withdrawing chat:view from its role ends it at once; another company’s edits leave it open', async () => {
    const { token, roleId } = await newAdmin();
    const stream = await opened(token);
    // Another company's write re-checks that company's streams only.
    const yunfan = caller(t.app, await loginAs(t.app, 'demo_yf'));
    expect((await yunfan.post('/api/chat/messages/text', { text: '另一家企业' })).body.status).toBe(200);
    // Its own company's unrelated write re-checks it, and it stays open.
    expect((await caller(t.app, owner).post('/api/chat/read', { upTo: 1 })).body.status).toBe(200);
    await expect(stream.ended(500)).rejects.toThrow('the stream did not end');
    const edited = await caller(t.app, owner).put(`/api/admin/role/${roleId}`, {
      name: `客服角色${seq}`,
      elementCodes: ELEMENT_CODES.filter((c) => c !== 'chat:view'),
    });
    expect(edited.body.status).toBe(200);
    await stream.ended(AT_ONCE_MS);
  });

  describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('across processes', () => {
    let b: TestApp;
    let baseB: string;
    beforeAll(async () => {
      b = await createSecondProcess(t, { chatHeartbeatMs: HEARTBEAT_MS });
      baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await b?.close();
    });

    it('a sign-out through one process ends the stream open on the other at once', async () => {
      const { token } = await newAdmin();
      const stream = await openStream(`${baseB}${STREAM}`, token);
      await stream.until((e) => e.some((x) => x.event === 'conversation'));
      expect((await caller(t.app, token).post('/api/auth/jwt/invalid', { token })).body.status).toBe(200);
      await stream.ended(AT_ONCE_MS);
    });
  });
});
