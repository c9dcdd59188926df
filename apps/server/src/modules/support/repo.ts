import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerServiceMessage } from '../../db/schema/index.ts';

export async function insertMessage(db: DbOrTx, values: typeof customerServiceMessage.$inferInsert) {
  const [row] = await db.insert(customerServiceMessage).values(values).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

export function findRecentMessages(db: DbOrTx, companyId: number, adminId: number, limit = 20) {
  return db
    .select()
    .from(customerServiceMessage)
    .where(and(eq(customerServiceMessage.companyId, companyId), eq(customerServiceMessage.adminId, adminId)))
    .orderBy(desc(customerServiceMessage.id))
    .limit(limit);
}
