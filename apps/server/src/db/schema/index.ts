export * from './company.ts';
export * from './identity.ts';
export * from './audit.ts';
export * from './support.ts';
export * from './worker.ts';
