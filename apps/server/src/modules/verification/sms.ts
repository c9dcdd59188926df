import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../core/sms.ts';
import { insertSmsOutbox } from './repo.ts';

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
