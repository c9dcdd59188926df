import { z } from 'zod';

/** `/api/health`: the process is alive. */
export const ZHealth = z.object({ ok: z.literal(true), uptimeSeconds: z.number() });
export type THealth = z.infer<typeof ZHealth>;

/** `/api/ready`: the database answers and every migration is applied. */
export const ZReady = z.object({
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
});
export type TReady = z.infer<typeof ZReady>;
