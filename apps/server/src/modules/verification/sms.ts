import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { insertSmsOutbox } from './repo.ts';

/** The port every SMS goes through; production plugs a real gateway in behind it. */
export interface SmsSender {
  send(message: { mobile: string; content: string; purpose: string; ip: string }, db: DbOrTx): Promise<void>;
}

/**
 * The default sender: writes the message to the `sms_outbox` table and the log, so a developer
 * (or a test) reads the code there instead of on a phone.
 */
export function createOutboxSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(message, db) {
      await insertSmsOutbox(db, message);
      log.info({ mobile: message.mobile, purpose: message.purpose }, `SMS: ${message.content}`);
    },
  };
}
