// A Vitest reporter that writes each test file's wall time (setup, environment, import and every
// test and hook) to the JSON file named by VITEST_FILE_TIMES, for the summary of `npm test`
// (scripts/test.mjs). Vitest's JSON report times only the tests themselves, not a file's hooks.
import { writeFileSync } from 'node:fs';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const out = process.env.VITEST_FILE_TIMES;
    if (!out) return;
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { file: m.relativeModuleId, seconds: Math.round(ms / 100) / 10 };
    });
    writeFileSync(out, JSON.stringify({ files }, null, 1));
  }
}
