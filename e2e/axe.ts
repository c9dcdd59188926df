import axe, { type AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

/** The rules the tier checks: WCAG 2.1 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * WCAG 2.1 rules axe ships as experimental, so off unless named: 2.5.3 Label in Name (a control
 * whose accessible name does not contain its visible text, which speech input cannot reach).
 */
export const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/**
 * Runs axe-core on the page, as @axe-core/playwright's `AxeBuilder` does in its legacy mode
 * (`axe.run` in the page, each frame answering through axe's own messages): the same rules, the
 * same options, the same results. axe-core goes into the page and each of its frames once per
 * document, not twice per check, and nothing opens a blank page to merge partial results, which
 * made a check cost 4 s instead of 1 s on the console's screens (72 of them in the axe tier).
 * `include`: a CSS selector list to check only that part of the page.
 */
export async function runAxe(page: Page, { include }: { include?: string } = {}): Promise<AxeResults> {
  for (const frame of page.frames()) {
    try {
      const present = await frame.evaluate('typeof window.axe?.run === "function"');
      if (present) continue;
      await frame.evaluate(axe.source);
      await frame.evaluate(
        `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`,
      );
    } catch (err) {
      // A frame that went away or cannot run scripts is checked from its parent, as AxeBuilder does.
      if (frame === page.mainFrame()) throw err;
    }
  }
  const outcome = await page.evaluate(
    async ({ include: selector, tags, experimental }) => {
      const core = (window as unknown as { axe: typeof axe }).axe;
      try {
        const results = await core.run(selector ? { include: [selector] } : document, {
          runOnly: { type: 'tag', values: tags },
          rules: Object.fromEntries(experimental.map((id) => [id, { enabled: true }])),
        });
        return { results, error: null };
      } catch (err) {
        return { results: null, error: err instanceof Error ? err.message : String(err) };
      }
    },
    { include, tags: WCAG_TAGS, experimental: EXPERIMENTAL_RULES },
  );
  if (!outcome.results) throw new Error(`axe-core failed: ${outcome.error}`);
  return outcome.results;
}

/**
 * What axe finds in the part of the page `include` selects (an open dialog, a drawer), one line
 * per rule with the elements it failed on: none when that part passes.
 */
export async function violationsIn(page: Page, include: string): Promise<string[]> {
  const result = await runAxe(page, { include });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
