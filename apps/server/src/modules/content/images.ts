/**
 * Content's images (issue 28): a cover, an advert's image and every image of an article's body
 * is a file the company uploaded through the file store (`POST /api/admin/file/upload`, checked by
 * its bytes there), and must be a PNG or JPG. Checked inside the caller's transaction, so a
 * refusal saves nothing.
 */
import { API, CONTENT_IMAGE_TYPES } from '@flexpay/contract';
import type { DbOrTx } from '../../db/client.ts';
import { invalidField } from '../../lib/errors.ts';
import { findStoredFileIn } from '../file/service.ts';

/** The path an image of the file store is read from (`/api/admin/file/<uuid>`). */
const FILE_PATH_PREFIX = API.file.one.replace(':id', '');
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** An image source the body may keep: the file store's path of one file. */
export const STORED_IMAGE_SRC = new RegExp(`^${FILE_PATH_PREFIX.replace(/\//g, '\\/')}(${UUID})$`, 'i');

/** The file ids of the body's images (it holds only stored images once sanitised). */
export function imageIdsOfBody(html: string): string[] {
  const ids = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)) {
    const id = STORED_IMAGE_SRC.exec(m[1] ?? '')?.[1];
    if (id) ids.add(id.toLowerCase());
  }
  return [...ids];
}

/** Refuses (40000 on `field`) a file id that is not an uploaded PNG or JPG of the company. */
export async function assertContentImage(
  db: DbOrTx,
  companyId: number,
  fileId: string,
  field: string,
  label: string,
): Promise<void> {
  const file = await findStoredFileIn(db, companyId, fileId);
  if (!file || file.purpose !== 'upload') throw invalidField(field, `${label}不存在，请重新上传`);
  if (!CONTENT_IMAGE_TYPES.includes(file.contentType)) {
    throw invalidField(field, `${label}须为图片（PNG、JPG）文件`);
  }
}
