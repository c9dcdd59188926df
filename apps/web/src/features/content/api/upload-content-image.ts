import { API, type TUploadedFile } from '@flexpay/contract/web';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Uploads an image (cover, advert, a picture of an article) through the file store. */
export const uploadContentImage = (file: File) => uploadFile<TUploadedFile>(API.file.upload, file);
