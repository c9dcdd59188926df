/**
 * 在线客服 across server processes (PostgreSQL only): a message sent through one process reaches
 * a stream open on another, through LISTEN/NOTIFY and a re-read of the database; a stream whose
 * process stopped hearing catches up when it hears again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_APPLICATION } from '../../src/db/notifications.ts';
import { caller, createSecondProcess, createTestApp, loginAs, type TestApp } from '../helpers.ts';
import { opsLogin } from '../money/support.ts';
import { openStream } from './sse.ts';

const pg = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(pg)('chat across processes', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createSecondProcess(a);
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('pushes a message sent through A to a stream open on B, both ways', async () => {
    const demoToken = await loginAs(a.app, 'demo');
    const opsToken = await opsLogin(a.app);
    const operator = await openStream(`${baseB}/api/ops/chat/stream`, opsToken);
    const company = await openStream(`${baseB}/api/chat/stream`, demoToken);
    await company.until((e) => e.some((x) => x.event === 'conversation'));

    const sent = await caller(a.app, demoToken).post('/api/chat/messages/text', { text: '从 A 发出' });
    expect(sent.body.status).toBe(200);
    await operator.until(() => operator.messages().some((m) => m.id === sent.body.data.id));

    const conv = sent.body.data.conversationId as number;
    const reply = await caller(a.app, opsToken).post(`/api/ops/chat/conversation/${conv}/text`, { text: '从 A 回复' });
    await company.until(() => company.messages().some((m) => m.id === reply.body.data.id));
    expect(company.messages().filter((m) => m.id === reply.body.data.id)).toHaveLength(1);
    operator.close();
    company.close();
  });

  it('catches up on what was sent while its process could not hear, once', async () => {
    const demoToken = await loginAs(a.app, 'demo');
    const company = await openStream(`${baseB}/api/chat/stream`, demoToken);
    await company.until((e) => e.some((x) => x.event === 'conversation'));
    const before = await caller(a.app, demoToken).post('/api/chat/messages/text', { text: '断开前' });
    await company.until(() => company.messages().some((m) => m.id === before.body.data.id));

    // Cut every listening connection: B misses the notification of the next message.
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${NOTIFICATIONS_APPLICATION} and datname = current_database()`,
    );
    const missed = await caller(a.app, demoToken).post('/api/chat/messages/text', { text: '断开时' });
    expect(missed.body.status).toBe(200);
    await company.until(() => company.messages().some((m) => m.id === missed.body.data.id), 15_000);
    expect(company.messages().filter((m) => m.id === missed.body.data.id)).toHaveLength(1);
    company.close();
  });
});
