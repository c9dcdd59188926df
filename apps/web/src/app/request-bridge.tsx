import { App } from 'antd';
import { useEffect } from 'react';
import { configureRequest, LOGOUT_DIALOG_WIDTH } from '../lib/request.ts';
import { frontLogout } from '../lib/session-actions.ts';
import { useSession } from '../lib/session-store.ts';

/**
 * Wires the request layer to antd's context-aware message and modal (so toasts follow the theme
 * and locale) and to the session store.
 */
export function RequestBridge() {
  const { message, modal } = App.useApp();
  useEffect(
    () =>
      configureRequest({
        // Keyed by its text: the same failure again (a retried query) replaces the toast, never stacks a second.
        notifyError: (text, seconds) => void message.error({ content: text, duration: seconds, key: text }),
        confirmLogout: (texts) =>
          new Promise<boolean>((resolve) => {
            modal.confirm({
              ...texts,
              width: LOGOUT_DIALOG_WIDTH,
              mask: { closable: false },
              onOk: () => resolve(true),
              onCancel: () => resolve(false),
            });
          }),
        // A forced logout (40003) or a confirmed 确定登出: the server has ended the session
        // already, so this is spec section 4's front-end-only logout, which leaves for `/`
        // itself (a full page load): there is nothing left to reload.
        onLogout: frontLogout,
        reload: () => undefined,
        onTokenRefreshed: (token) => useSession.getState().replaceToken(token),
      }),
    [message, modal],
  );
  return null;
}
