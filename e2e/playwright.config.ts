import { defineConfig } from '@playwright/test';
import { chromiumPath } from './chromium-path.mjs';

/**
 * e2e tier: the built web app served by the real server on a temporary PGlite data dir and a
 * free port (see global-setup.ts), driven in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // One retry, recorded: a test that fails once is run again with a trace (below), and the
  // summary counts it as flaky.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.tmp/e2e-results.json' }]],
  outputDir: '../.tmp/e2e-output',
  use: {
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The user asks for less motion, so the console turns antd's off (providers.tsx): a dialog is
    // there at once instead of zooming in, nothing is clicked or measured mid-animation (a fading
    // dialog failed colour contrast), and Chromium draws no animation frames for it.
    reducedMotion: 'reduce',
    // The retry only: recording a trace on every run more than doubled Chromium's CPU (a list
    // spec: 67 to 167 CPU-seconds) and the tier is CPU-bound. A failure is run again with it.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
