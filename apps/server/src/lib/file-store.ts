import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The port every stored file goes through (uploads, export files, import reports). The default
 * keeps files on local disk under the data dir; an object store plugs in behind the same port.
 */
export interface FileStore {
  /** Writes a stream under `key`; answers the size in bytes. */
  write(key: string, body: Readable): Promise<number>;
  read(key: string): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Keys are built by the server, but a key must never leave the store's folder.
    if (!path.startsWith(base + sep)) throw new Error(`invalid file key: ${key}`);
    return path;
  };
  return {
    async write(key, body) {
      const path = pathOf(key);
      // A body that fails while the folder is made fails this write (the pipeline below sees it
      // errored), not the process: until then nothing else listens to it.
      body.on('error', () => {});
      await mkdir(dirname(path), { recursive: true });
      await pipeline(body, createWriteStream(path));
      return (await stat(path)).size;
    },
    read: (key) => createReadStream(pathOf(key)),
    size: async (key) => (await stat(pathOf(key))).size,
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}

/** Where files live under a data dir. */
export const filesDirOf = (dataDir: string) => join(dataDir, 'files');
