import { API, type TChatMessagePage } from '@flexpay/contract/web';
import { request } from '../../../lib/request.ts';

/** A page of the conversation's messages before an id (the newest without one). */
export const getMessages = (before: number | undefined) =>
  request<TChatMessagePage>('GET', API.chat.messages, before ? { before } : {});
