import { API, type TUploadedFile } from '@flexpay/contract/web';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Uploads a transfer voucher (image or PDF) through the file API; the top-up names its id. */
export const uploadVoucher = (file: File) => uploadFile<TUploadedFile>(API.file.upload, file);
