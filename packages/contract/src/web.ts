/**
 * The contract for the browser: every constant and function without zod (so the web bundle
 * carries no schema library), and the types of the zod schemas, which compile away.
 */
export * from './codes.ts';
export * from './api-paths.ts';
export * from './sign-in-paths.ts';
export * from './routes.ts';
export * from './permissions.ts';
export * from './identity-rules.ts';
export * from './dictionaries.ts';
export * from './export-rules.ts';
export * from './import-rules.ts';
export * from './worker-rules.ts';
export * from './money-rules.ts';
export * from './audit-labels.ts';
export * from './approval-rules.ts';
export * from './payroll-rules.ts';
export * from './task-rules.ts';
export * from './content-rules.ts';
export * from './invoice-rules.ts';
export * from './company-contract-rules.ts';
export * from './organization-rules.ts';
export {
  PAGE_LIMIT_DEFAULT,
  PAGE_LIMIT_MAX,
  type TEnvelope,
  type TPage,
  type TFieldError,
  type TErrorEnvelope,
  type TPageQuery,
  type TIdParams,
  type TKeyParams,
} from './envelope.ts';
export type * from './identity.ts';
export type * from './system.ts';
export type * from './file.ts';
export type * from './export.ts';
export type * from './import.ts';
export type * from './worker.ts';
export type * from './money.ts';
export type * from './ops.ts';
export * from './gateway-log-rules.ts';
export type * from './gateway-log.ts';
export type * from './monitor.ts';
export * from './monitor-rules.ts';
export type * from './approval.ts';
export type * from './payroll.ts';
export * from './reconcile-rules.ts';
export type * from './reconcile.ts';
export type * from './task.ts';
export type * from './home.ts';
export type * from './content.ts';
export type * from './invoice.ts';
export type * from './company-contract.ts';
export type * from './organization.ts';
export * from './chat-rules.ts';
export type * from './chat.ts';
