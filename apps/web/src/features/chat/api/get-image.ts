import { API, apiPath } from '@flexpay/contract/web';
import { fetchBlob } from '../../../lib/download-blob.ts';

/** The bytes of an image of the conversation, with the session's token. */
export async function getImage(messageId: number): Promise<Blob> {
  return (await fetchBlob(apiPath(API.chat.imageOne, { id: messageId }), 'image')).blob;
}
