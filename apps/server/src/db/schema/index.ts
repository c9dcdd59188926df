export * from './company.ts';
export * from './identity.ts';
export * from './audit.ts';
export * from './support.ts';
export * from './stored-file.ts';
export * from './export-job.ts';
export * from './import-job.ts';
export * from './worker.ts';
