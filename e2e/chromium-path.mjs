// The browser of the e2e tier: CHROMIUM_PATH, else Debian's headless shell
// (`apt-get install chromium-headless-shell`: the same engine without the browser's UI, about a
// fifth less CPU per test), else Debian's Chromium.
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** @returns {string} */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? CHROMIUM_CANDIDATES[1];
}
