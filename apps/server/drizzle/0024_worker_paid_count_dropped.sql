-- worker.paid_count mirrored the payroll's facts and was never written: whether a worker has items
-- is the payroll's to answer (its items and their key to the worker), not a counter on the worker.
-- No trigger or index read it (migrations 0006, 0009, 0010, 0015).
ALTER TABLE "worker" DROP COLUMN "paid_count";
