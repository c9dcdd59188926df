import { API, type TChatConversation } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

/** Marks the operators' messages read up to an id. */
export const markRead = (upTo: number) => request<TChatConversation>('POST', API.chat.read, { upTo }, { silent: true });
