import { createContext, useContext, useEffect } from 'react';

export const OPS_CONSOLE_NAME = '平台运营控制台';

/** The operators' unread chat messages, given by the layout to every screen inside it (0 outside). */
export const OpsUnreadContext = createContext(0);

/** The document title of an operator screen: "充值确认 - 平台运营控制台", "(3) 充值确认 - …" with unread chat. */
export function opsTitle(title: string | null, unread: number): string {
  const base = title ? `${title} - ${OPS_CONSOLE_NAME}` : OPS_CONSOLE_NAME;
  return unread > 0 ? `(${unread}) ${base}` : base;
}

/** Sets the document title of an operator console screen, with the unread chat count in front. */
export function useOpsTitle(title: string | null): void {
  const unread = useContext(OpsUnreadContext);
  useEffect(() => {
    document.title = opsTitle(title, unread);
  }, [title, unread]);
}
