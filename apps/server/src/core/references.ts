import type { DbOrTx } from '../db/client.ts';

/**
 * An area whose rows refer to another area's record answers whether they do: the owner of the
 * reference (payroll for a worker's items) answers, never a counter kept on the referred row.
 * Answers the reason in Chinese (shown to the admin) or null when nothing refers to it. The
 * database's foreign key is what finally refuses a deletion; this answers the screen beforehand.
 */
export type ReferenceCheck = (db: DbOrTx, companyId: number, id: number) => Promise<string | null>;
