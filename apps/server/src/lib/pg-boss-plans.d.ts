/**
 * pg-boss's statement texts (its `src/plans.js`, CommonJS, without types of its own): the job
 * queue recognises the completion statements pg-boss sends without awaiting them
 * (lib/job-queue.ts, `settleCompletions`).
 */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  export default plans;
}
