import { z } from 'zod';

// Validation messages in Chinese wherever a schema gives none of its own (server and web alike).
z.config(z.locales.zhCN());

export * from './codes.ts';
export * from './envelope.ts';
export * from './api-paths.ts';
export * from './sign-in-paths.ts';
export * from './primitives.ts';
export * from './routes.ts';
export * from './permissions.ts';
export * from './system.ts';
export * from './identity.ts';
export * from './dictionaries.ts';
export * from './file.ts';
export * from './export.ts';
export * from './import.ts';
export * from './worker.ts';
export * from './money-rules.ts';
export * from './audit-labels.ts';
export * from './money.ts';
export * from './ops.ts';
export * from './approval-rules.ts';
export * from './approval.ts';
export * from './payroll-rules.ts';
export * from './payroll.ts';
export * from './task-rules.ts';
export * from './task.ts';
export * from './home.ts';
export * from './content-rules.ts';
export * from './content.ts';
export * from './invoice-rules.ts';
export * from './invoice.ts';
export * from './company-contract-rules.ts';
export * from './company-contract.ts';
export * from './organization.ts';
export * from './chat-rules.ts';
export * from './chat.ts';
