import { App } from 'antd';
import { useEffect } from 'react';
import { configureRequest, LOGOUT_DIALOG_WIDTH } from '../lib/request.ts';
import { useSession } from '../lib/session-store.ts';
import { useAppStore } from '../lib/app-store.ts';

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
        onLogout: () => {
          useSession.getState().clear();
          useAppStore.getState().clearVisitedViews();
        },
        onTokenRefreshed: (token) => useSession.getState().replaceToken(token),
      }),
    [message, modal],
  );
  return null;
}
