import { API, type TUploadedFile } from '@flexpay/contract/web';
import { uploadFile } from '../../../lib/upload-file.ts';

/** An attachment or a delivery file, through the shared file store (its type and size checks). */
export const uploadTaskFile = (file: File) => uploadFile<TUploadedFile>(API.file.upload, file);
