import { API, type TChatMessage } from '@flexpay/contract/web';
import { uploadFile } from '../../../lib/upload-file.ts';

/** Sends a PNG or JPG (checked by the server). */
export const sendImage = (file: File) => uploadFile<TChatMessage>(API.chat.image, file);
