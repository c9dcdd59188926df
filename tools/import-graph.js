// @ts-check
// The relative-import graph of a source folder, read from the files themselves (once per lint
// run), and the path between two of its nodes: what the layer and cycle rules share.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Relative specifiers of `import … from`, `export … from`, `import('…')` and `import '…'`. */
export const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The path of `file` below `root` as segments, or null when it lies outside. */
export function segmentsOf(/** @type {string} */ root, /** @type {string} */ file) {
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..')) return null;
  return rel.split(sep);
}

/** @type {Map<string, Map<string, Set<string>>>} */
const graphs = new Map();

/**
 * Node -> nodes it imports, over the source files under `root` that `include` keeps (by their
 * path relative to root, with `/`). `nodeOf` names a file's node (the file, its folder…); null
 * leaves an imported file out. Cached under `key` for the lint run.
 * @param {string} key
 * @param {string} root
 * @param {(rel: string) => boolean} include
 * @param {(file: string) => string | null} nodeOf
 */
export function importGraph(key, root, include, nodeOf) {
  let graph = graphs.get(key);
  if (graph) return graph;
  graph = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
        continue;
      }
      if (!/\.(ts|tsx|js|mjs)$/.test(entry.name) || /\.d\.ts$/.test(entry.name)) continue;
      if (!include(relative(root, path).split(sep).join('/'))) continue;
      const from = nodeOf(path);
      if (from === null) continue;
      for (const m of readFileSync(path, 'utf8').matchAll(SPECIFIER)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (!spec) continue;
        const target = resolve(dirname(path), spec);
        if (!segmentsOf(root, target)) continue;
        const to = nodeOf(target);
        if (to === null || to === from) continue;
        let out = graph.get(from);
        if (!out) graph.set(from, (out = new Set()));
        out.add(to);
      }
    }
  };
  walk(root);
  graphs.set(key, graph);
  return graph;
}

/** The path of nodes from `start` to `goal`, if `start` reaches it (breadth first: the shortest). */
export function pathBetween(
  /** @type {Map<string, Set<string>>} */ graph,
  /** @type {string} */ start,
  /** @type {string} */ goal,
) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = /** @type {string} */ (queue.shift());
    if (node === goal) {
      const path = [];
      for (let at = /** @type {string | null | undefined} */ (node); at; at = cameFrom.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(node) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}
