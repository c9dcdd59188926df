import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Captcha } from '../lib/captcha.ts';
import type { FieldCipher } from '../lib/crypto.ts';
import type { FileStore } from '../lib/file-store.ts';
import type { PayoutProvider } from '../lib/payout-provider.ts';
import type { AppRegistry } from './registry.ts';
import type { SmsSender } from './sms.ts';

/** What services need from the outside world, handed to them explicitly (tests build their own). */
export interface ServiceContext {
  db: Db;
  config: AppConfig;
  cipher: FieldCipher;
  sms: SmsSender;
  files: FileStore;
  /** Where payouts are sent (the sandbox provider by default, modules/payout-sandbox). */
  payouts: PayoutProvider;
  /** What the areas registered for each other (exporters, importers, approval outcomes, ...). */
  registry: AppRegistry;
  log: FastifyBaseLogger;
  /** Draws a new image captcha (tests wrap it to learn the answers a script cannot read). */
  captcha(): Captcha;
  /** The clock; tests may move it. */
  now(): Date;
}
