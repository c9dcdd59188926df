/**
 * What the task area's folders share: the task number, the transition guard of the two state
 * machines (task-rules.ts in the contract), and the files of tasks and deliveries, which are
 * uploads of the company (the general upload's type and size checks) referred to by id.
 */
import type { TTransition, TUploadedFile } from '@flexpay/contract';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, invalidField } from '../../lib/errors.ts';
import { findStoredFileIn, toUploadedFile } from '../file/service.ts';

/** 任务编号: RW and the id in eight digits. */
export const taskNoOf = (id: number) => `RW${String(id).padStart(8, '0')}`;

/** Refuses an action from a status its transition does not allow (40900 with the table's reason). */
export function assertTransition<S extends string>(transition: TTransition<S>, status: S): void {
  if (!transition.from.includes(status)) throw conflict(transition.refusal);
}

/**
 * The uploads named by `ids`, each the company's own general upload, in the given order;
 * refuses (40000 at `field`) a file of another company, a generated file or an unknown id.
 */
export async function uploadsOf(db: DbOrTx, companyId: number, ids: readonly string[], field: string) {
  const rows = [];
  for (const [i, id] of ids.entries()) {
    const row = await findStoredFileIn(db, companyId, id);
    if (!row || row.purpose !== 'upload') throw invalidField(`${field}.${i}`, '文件不存在，请重新上传');
    rows.push(row);
  }
  return rows;
}

/** The files of a task or a delivery as the API shows them (a file gone from the table is left out). */
export async function filesOf(db: DbOrTx, companyId: number, ids: readonly string[]): Promise<TUploadedFile[]> {
  const files: TUploadedFile[] = [];
  for (const id of ids) {
    const row = await findStoredFileIn(db, companyId, id);
    if (row) files.push(toUploadedFile(row));
  }
  return files;
}
