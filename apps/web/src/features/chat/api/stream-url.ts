import { API } from '@flexpay/contract/web';
import { http } from '../../../lib/request.ts';

/** The company's live stream (read with fetch, see lib/event-stream.ts). */
export const streamUrl = () => `${http.defaults.baseURL ?? ''}${API.chat.stream}`;
