import { API, type TChatMessage } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

export const sendText = (text: string) => request<TChatMessage>('POST', API.chat.text, { text });
