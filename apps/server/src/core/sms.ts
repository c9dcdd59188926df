import type { DbOrTx } from '../db/client.ts';

/** The port every SMS goes through; production plugs a real gateway in behind it. */
export interface SmsSender {
  send(message: { mobile: string; content: string; purpose: string; ip: string }, db: DbOrTx): Promise<void>;
}
