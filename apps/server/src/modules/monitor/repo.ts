/** The only SQL of process_heartbeat, and the database's own figures for 系统监控. */
import { desc, lt, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { processHeartbeat } from '../../db/schema/index.ts';

export type HeartbeatRow = typeof processHeartbeat.$inferSelect;

/** Writes a process's heartbeat over its last one. */
export async function upsertHeartbeat(db: DbOrTx, row: HeartbeatRow): Promise<void> {
  const { name, ...rest } = row;
  await db
    .insert(processHeartbeat)
    .values({ name, ...rest })
    .onConflictDoUpdate({ target: processHeartbeat.name, set: rest });
}

/** Removes the rows of processes silent since `before`. */
export async function deleteHeartbeatsBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(processHeartbeat).where(lt(processHeartbeat.beatAt, before));
}

export async function findHeartbeats(db: DbOrTx): Promise<HeartbeatRow[]> {
  return db.select().from(processHeartbeat).orderBy(desc(processHeartbeat.beatAt), processHeartbeat.name);
}

/** The database's size and the sessions connected to it (PGlite: its one session). */
export async function findDatabaseFigures(db: DbOrTx): Promise<{ sizeBytes: number; connections: number }> {
  const [row] = await queryRows<{ size_bytes: string | number; connections: number }>(
    db,
    sql`select pg_database_size(current_database()) as size_bytes,
      (select count(*)::int from pg_stat_activity where datname = current_database()) as connections`,
  );
  return { sizeBytes: Number(row?.size_bytes ?? 0), connections: row?.connections ?? 0 };
}
