import { API, apiPath } from '@flexpay/contract/web';
import { http } from '../../../lib/request.ts';

/** The bytes of an image of the conversation, with the session's token. */
export async function getImage(messageId: number): Promise<Blob> {
  const res = await http.get<Blob>(apiPath(API.chat.imageOne, { id: messageId }), { responseType: 'blob' });
  return res.data;
}
