import type { AsyncResource } from 'node:async_hooks';
import { v7 as uuidv7 } from 'uuid';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API } from '@flexpay/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Area } from './core/area.ts';
import { createRegistry, type ServiceContext } from './core/context.ts';

import type { SmsSender } from './core/sms.ts';
import type { Database, DatabaseKind, Db } from './db/client.ts';
import type { Notifications } from './db/notifications.ts';
import { onPlatformScope, openRequestScope } from './db/scope.ts';
import { createCaptcha, type Captcha } from './lib/captcha.ts';
import { createFieldCipher } from './lib/crypto.ts';
import { logMixin, withRequestId } from './lib/log-context.ts';
import type { FileStore } from './lib/file-store.ts';
import { configuredFileStore } from './db/file-store.ts';
import type { IdentityProvider } from './lib/identity-provider.ts';
import type { PayoutProvider } from './lib/payout-provider.ts';
import { createSandboxIdentityProvider } from './modules/identity-sandbox/provider.ts';
import type { SigningProvider } from './lib/signing-provider.ts';
import { createSandboxSigningProvider } from './modules/signing-sandbox/provider.ts';
import { signingSandboxArea } from './modules/signing-sandbox/index.ts';
import { adminArea } from './modules/admin/index.ts';
import { approvalArea } from './modules/approval/index.ts';
import { auditLogArea } from './modules/audit-log/index.ts';
import { authArea } from './modules/auth/index.ts';
import { contentArea } from './modules/content/index.ts';
import { dictionaryArea } from './modules/dictionary/index.ts';
import { exportArea } from './modules/export/index.ts';
import { fileArea } from './modules/file/index.ts';
import { gatewayLogArea } from './modules/gateway-log/index.ts';
import { homeArea } from './modules/home/index.ts';
import { statisticsArea } from './modules/statistics/index.ts';
import { importArea } from './modules/import/index.ts';
import { invoiceArea } from './modules/invoice/index.ts';
import { chatArea } from './modules/chat/index.ts';
import { companyArea } from './modules/company/index.ts';
import { companyContractArea } from './modules/company-contract/index.ts';
import { moneyArea } from './modules/money/index.ts';
import { operatorArea } from './modules/operator/index.ts';
import { payoutSandboxArea } from './modules/payout-sandbox/index.ts';
import { createSandboxProvider } from './modules/payout-sandbox/service.ts';
import { monitorArea } from './modules/monitor/index.ts';
import { payrollArea } from './modules/payroll/index.ts';
import { roleArea } from './modules/role/index.ts';
import { serviceCompanyArea } from './modules/service-company/index.ts';
import { systemArea } from './modules/system/index.ts';
import { taskArea } from './modules/task/index.ts';
import { userArea } from './modules/user/index.ts';
import { verificationArea } from './modules/verification/index.ts';
import { createOutboxSmsSender } from './modules/verification/sms.ts';
import { workerArea } from './modules/worker/index.ts';
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
import { gatewayLogPlugin, serverLogStream } from './plugins/gateway-log.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { metricsPlugin, type PoolStats } from './plugins/metrics.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    dbKind: DatabaseKind;
    /** Messages to the other server processes of the database (db/notifications.ts). */
    notifications: Notifications;
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
  /** Where files are kept; the configured store (FILE_STORE) by default. */
  files?: FileStore;
  /** Where payouts are sent; the sandbox provider (and its area) by default. */
  payoutProvider?: PayoutProvider;
  /** Where workers' real names are verified; the sandbox provider by default. */
  identityProvider?: IdentityProvider;
  /** Where workers sign agreements; the sandbox provider (and its area) by default. */
  signingProvider?: SigningProvider;
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
  payoutProvider,
  identityProvider,
  signingProvider,
  now,
  captcha,
}: BuildAppOptions): Promise<FastifyInstance> {
  // The log's lines go to stdout (or the caller's stream), and a request's warnings and errors
  // also to 网关日志 (plugins/gateway-log.ts).
  const loggerOptions = typeof logger === 'object' ? logger : {};
  const logStream =
    logger === false ? undefined : serverLogStream(loggerOptions.stream as NodeJS.WritableStream | undefined);
  const app = Fastify({
    // Personal data stays out of the log whatever the caller's options (see logSerializers).
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...loggerOptions,
            stream: logStream,
            serializers: logSerializers,
            // A job's lines name the request that queued it (lib/log-context.ts).
            mixin: logMixin,
          },
    // A UUID of version 7 (RFC 9562): its first 48 bits are the time, so the indexes on request ids
    // (网关日志, the audit log) take each new one at their right edge, not at a random page
    // (ADR 0028: 5,000 access rows cost PostgreSQL 2-3x the time and 4x the WAL with random ids).
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : uuidv7();
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
  app.decorate('db', database.appDb);
  app.decorate('dbKind', database.kind);
  app.decorate('notifications', database.notifications);
  const clock = now ?? (() => new Date());
  const smsSender = sms ?? createOutboxSmsSender(app.log);
  app.decorate('ctx', {
    db: database.appDb,
    config,
    cipher: createFieldCipher(config.encryptionKey),
    sms: smsSender,
    files: files ?? configuredFileStore(config, database.appDb),
    payoutProvider: payoutProvider ?? createSandboxProvider(database.appDb, clock, config.payoutCallbackSecret),
    identityProvider: identityProvider ?? createSandboxIdentityProvider(),
    signingProvider:
      signingProvider ??
      createSandboxSigningProvider({
        sms: smsSender,
        db: database.appDb,
        publicUrl: config.publicUrl ?? '',
        now: clock,
        linkPath: API.sandbox.signing,
      }),
    registry: createRegistry(),
    log: app.log,
    now: clock,
    captcha: captcha ?? (() => createCaptcha()),
  } satisfies ServiceContext);
  // Every request runs in a database scope (db/scope.ts, ADR 0025): opened empty here, before any
  // other hook, and narrowed by the auth plugin once the session is known. A body parsed from
  // the socket's events has lost it by preValidation: the scope's resource re-enters it.
  const requestScopes = new WeakMap<object, AsyncResource>();
  // The request's id goes with it too, into the jobs it queues (lib/log-context.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    withRequestId(request.id, () => requestScopes.set(request, openRequestScope(done)));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = requestScopes.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
  onPlatformScope((reason) => app.log.debug({ reason }, 'platform database scope'));
  const servedBy = config.processName;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Several processes behind a proxy: which one answered (PROCESS_NAME; the scale tier reads it).
    if (servedBy) reply.header('x-served-by', servedBy);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(auditPlugin);
  await app.register(gatewayLogPlugin, { stream: logStream });
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  // Background jobs: areas register their handlers below; the queue starts when the app is ready.
  await app.register(jobsPlugin, { client: database.jobsClient });
  // /metrics and the last minute of requests (for the heartbeat); areas add gauges to it.
  const pool = 'pool' in database ? (database.pool as PoolStats) : undefined;
  await app.register(metricsPlugin, { pool });
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

  // The areas, each one folder under modules/ and one plugin (its index.ts). An area that others
  // plug into (import, export, approval) comes before them; fastify-plugin checks the order.
  const areas: Area[] = [
    systemArea,
    authArea,
    // The operator realm's authenticator, before the areas that serve /ops (their ops-routes.ts).
    operatorArea,
    verificationArea,
    userArea,
    roleArea,
    adminArea,
    dictionaryArea,
    fileArea,
    importArea,
    exportArea,
    approvalArea,
    workerArea,
    serviceCompanyArea,
    moneyArea,
    auditLogArea,
    payrollArea,
    taskArea,
    homeArea,
    statisticsArea,
    contentArea,
    companyArea,
    invoiceArea,
    companyContractArea,
    chatArea,
    gatewayLogArea,
    // 系统监控: the heartbeat of this process and the operators' view of every process.
    monitorArea,
    // The sandbox's callbacks, when payouts go to the sandbox.
    ...(payoutProvider ? [] : [payoutSandboxArea]),
    // The sandbox's signing link, when agreements are signed in the sandbox.
    ...(signingProvider ? [] : [signingSandboxArea]),
  ];
  for (const area of areas) await app.register(area);

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
