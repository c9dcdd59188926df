import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Every installed package runs on the Node the project declares (issue 39.9): a package whose
 * `engines.node` excludes the oldest Node of the root `engines` (or the Node running the tests)
 * would make `npm ci` warn (EBADENGINE), and fail with `.npmrc`'s `engine-strict`. Choose a
 * version that supports it, directly or through the root package.json's `overrides`.
 */
describe('dependencies fit the declared Node', () => {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } };
  const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };

  it('every package in the lockfile accepts the oldest declared Node and the running one', () => {
    const oldest = semver.minVersion(pkg.engines.node);
    expect(oldest, pkg.engines.node).not.toBeNull();
    const nodes = [String(oldest), process.version];
    const misfits: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      // Old packages may give engines as an array of strings; npm ignores that form.
      const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !wanted) continue;
      for (const node of nodes) {
        if (!semver.satisfies(node, wanted)) misfits.push(`${path}@${entry.version} wants node ${wanted}, not ${node}`);
      }
    }
    expect(misfits).toEqual([]);
  });

  it('npm refuses a package whose engines exclude the running Node', () => {
    expect(readFileSync(`${root}.npmrc`, 'utf8')).toMatch(/^engine-strict\s*=\s*true$/m);
  });
});
