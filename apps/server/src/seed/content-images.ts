/**
 * The demo's content images (issue 28): advert banners and article pictures drawn in code as
 * PNG (lib/png.ts), since the seed runs in a transaction without the file store. The seed records
 * each as an upload of its company under `companies/<id>/upload/demo-content/<name>-<uuid>.png`;
 * `writeDemoContentImages` draws the bytes into the store at start-up where they are missing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { like } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { storedFile } from '../db/schema/index.ts';
import type { FileStore } from '../lib/file-store.ts';
import { encodePng } from '../lib/png.ts';

type Rgb = [number, number, number];

interface Picture {
  width: number;
  height: number;
  /** The gradient, left to right. */
  from: Rgb;
  to: Rgb;
  /** Soft discs: centre as a fraction of the size, radius in pixels, colour. */
  discs: { x: number; y: number; r: number; color: Rgb; alpha: number }[];
}

const PICTURES = {
  'banner-payroll': {
    width: 1200,
    height: 300,
    from: [23, 101, 216],
    to: [114, 46, 209],
    discs: [
      { x: 0.82, y: 0.35, r: 110, color: [255, 255, 255], alpha: 0.18 },
      { x: 0.9, y: 0.8, r: 70, color: [253, 230, 138], alpha: 0.5 },
      { x: 0.1, y: 0.9, r: 150, color: [255, 255, 255], alpha: 0.08 },
    ],
  },
  'side-invoice': {
    width: 600,
    height: 400,
    from: [35, 120, 4],
    to: [19, 194, 194],
    discs: [
      { x: 0.3, y: 0.4, r: 90, color: [255, 255, 255], alpha: 0.2 },
      { x: 0.75, y: 0.7, r: 60, color: [255, 236, 61], alpha: 0.45 },
    ],
  },
  'article-cover': {
    width: 800,
    height: 450,
    from: [250, 140, 22],
    to: [245, 34, 45],
    discs: [
      { x: 0.5, y: 0.5, r: 140, color: [255, 255, 255], alpha: 0.25 },
      { x: 0.2, y: 0.2, r: 50, color: [255, 255, 255], alpha: 0.35 },
    ],
  },
  'article-figure': {
    width: 640,
    height: 320,
    from: [9, 88, 217],
    to: [54, 207, 201],
    discs: [{ x: 0.65, y: 0.45, r: 100, color: [255, 255, 255], alpha: 0.3 }],
  },
} satisfies Record<string, Picture>;
export type DemoPictureName = keyof typeof PICTURES;

/** The PNG of a demo picture: a diagonal gradient with soft discs. */
export function drawDemoPicture(name: DemoPictureName): Buffer {
  const p: Picture = PICTURES[name];
  return encodePng(p.width, p.height, (x, y) => {
    const t = (x / p.width) * 0.75 + (y / p.height) * 0.25;
    const c: Rgb = [0, 1, 2].map((i) => p.from[i]! + (p.to[i]! - p.from[i]!) * t) as Rgb;
    for (const d of p.discs) {
      const dist = Math.hypot(x - d.x * p.width, y - d.y * p.height);
      if (dist < d.r) {
        const a = d.alpha * Math.min(1, (d.r - dist) / 3);
        for (let i = 0; i < 3; i++) c[i] = c[i]! * (1 - a) + d.color[i]! * a;
      }
    }
    return [Math.round(c[0]), Math.round(c[1]), Math.round(c[2])];
  });
}

const FOLDER = 'demo-content';

/** Records a demo picture as an upload of the company; answers its file id. */
export async function insertDemoPicture(tx: Tx, companyId: number, name: DemoPictureName, fileName: string) {
  const png = drawDemoPicture(name);
  const id = randomUUID();
  await tx.insert(storedFile).values({
    id,
    companyId,
    name: fileName,
    contentType: 'image/png',
    size: png.length,
    storageKey: `companies/${companyId}/upload/${FOLDER}/${name}-${id}.png`,
    purpose: 'upload',
    sha256: createHash('sha256').update(png).digest('hex'),
  });
  return id;
}

/** Draws the demo pictures into the file store where they are missing. */
export async function writeDemoContentImages(db: Db, files: FileStore): Promise<void> {
  const rows = await db
    .select({ key: storedFile.storageKey })
    .from(storedFile)
    .where(like(storedFile.storageKey, `companies/%/upload/${FOLDER}/%`));
  for (const { key } of rows) {
    const name = /\/([a-z-]+)-[0-9a-f-]{36}\.png$/.exec(key)?.[1];
    if (!name || !(name in PICTURES)) continue;
    const present = await files.size(key).then(
      () => true,
      () => false,
    );
    if (!present) await files.write(key, Readable.from([drawDemoPicture(name as DemoPictureName)]));
  }
}
