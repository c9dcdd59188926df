import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API } from '@flexpay/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { ServiceContext } from './context.ts';
import type { Database, DatabaseKind, Db } from './db/client.ts';
import { createCaptcha, type Captcha } from './lib/captcha.ts';
import { createFieldCipher } from './lib/crypto.ts';
import { createLocalFileStore, filesDirOf, type FileStore } from './lib/file-store.ts';
import { createOutboxSmsSender, type SmsSender } from './modules/verification/sms.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { dictionaryRoutes } from './modules/dictionary/routes.ts';
import { approvalRoutes } from './modules/approval/routes.ts';
import { payrollRoutes } from './modules/payroll/routes.ts';
import { payoutRoutes } from './modules/payroll/payout-routes.ts';
import { receiptRoutes } from './modules/payroll/receipt-routes.ts';
import { receiptsExporter } from './modules/payroll/receipt-service.ts';
import { recordsExporter } from './modules/payroll/records-export.ts';
import { auditLogRoutes } from './modules/audit-log/routes.ts';
import { ledgerEntryExporter } from './modules/money/entries-export.ts';
import { exportRoutes } from './modules/export/routes.ts';
import { fileRoutes } from './modules/file/routes.ts';
import { importCentre } from './modules/import/routes.ts';
import { moneyRoutes } from './modules/money/routes.ts';
import { operatorRoutes } from './modules/operator/routes.ts';
import { serviceCompanyRoutes } from './modules/service-company/routes.ts';
import { roleRoutes } from './modules/role/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { userRoutes } from './modules/user/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { workerRoutes } from './modules/worker/routes.ts';
import { workerExportRoutes } from './modules/worker-export/routes.ts';
import { workerExporter } from './modules/worker-export/service.ts';
import { workerImportRoutes } from './modules/worker-import/routes.ts';
import { auditPlugin } from './plugins/audit.ts';
import { authPlugin } from './plugins/auth.ts';
import { compressJsonPlugin } from './plugins/compress-json.ts';
import {
  errorsPlugin,
  logSerializers,
  onClientError,
  onFrameworkError,
  safeTextValidatorCompiler,
} from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    dbKind: DatabaseKind;
    ctx: ServiceContext;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Pino options; tests pass `false` for silence. */
  logger?: boolean | Record<string, unknown>;
  /** The SMS gateway; the outbox table by default. */
  sms?: SmsSender;
  /** Where files are kept; local disk under the data dir by default. */
  files?: FileStore;
  /** The clock services read; tests pass their own. */
  now?: () => Date;
  /** The image captcha drawer; tests pass one that remembers the answers. */
  captcha?: () => Captcha;
}

/**
 * Builds the whole application: plugins and modules, no listen(). The caller owns the database
 * and closes it after the app.
 */
export async function buildApp({
  config,
  database,
  logger,
  sms,
  files,
  now,
  captcha,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Personal data stays out of the log whatever the caller's options (see logSerializers).
    logger:
      logger === false
        ? false
        : { level: config.logLevel, ...(typeof logger === 'object' ? logger : {}), serializers: logSerializers },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY): from anyone
    // else it would let a client choose the IP that limits, lockouts and the audit record.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    // A path parameter longer than this (no id is) answers 414 as the envelope (frameworkErrors).
    routerOptions: { maxParamLength: 100 },
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(safeTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('ctx', {
    db: database.db,
    config,
    cipher: createFieldCipher(config.encryptionKey),
    sms: sms ?? createOutboxSmsSender(app.log),
    files: files ?? createLocalFileStore(filesDirOf(config.dataDir)),
    log: app.log,
    now: now ?? (() => new Date()),
    captcha: captcha ?? (() => createCaptcha()),
  } satisfies ServiceContext);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(auditPlugin);
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  // Background jobs: modules register their handlers below; the queue starts when the app is ready.
  await app.register(jobsPlugin);
  // multipart/form-data for uploads; each route streams its file part with its own size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, parts: 20 } });
  // gzip/brotli for JSON and the web app's assets above 1 KB. Registered after the audit plugin:
  // its onSend hook must read the envelope before the payload becomes a compressed stream.
  await app.register(compressJsonPlugin);
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '灵活用工企业管理后台 API', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API's documentation: open in demo mode, otherwise only with API_DOCS=1.
  if (config.apiDocs ?? config.demoMode) await app.register(fastifySwaggerUi, { routePrefix: API.system.docs });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(verificationRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(adminRoutes);
  await app.register(dictionaryRoutes);
  await app.register(supportRoutes);
  await app.register(workerRoutes);
  await app.register(fileRoutes);
  await app.register(exportRoutes, {
    exporters: {
      workers: workerExporter,
      ledgerEntries: ledgerEntryExporter,
      grantRecords: recordsExporter,
      receipts: receiptsExporter,
    },
  });
  await app.register(workerExportRoutes);
  await app.register(importCentre);
  await app.register(workerImportRoutes);
  await app.register(serviceCompanyRoutes);
  await app.register(moneyRoutes);
  await app.register(auditLogRoutes);
  await app.register(approvalRoutes);
  await app.register(payrollRoutes);
  await app.register(payoutRoutes);
  await app.register(receiptRoutes);
  await app.register(operatorRoutes);

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
