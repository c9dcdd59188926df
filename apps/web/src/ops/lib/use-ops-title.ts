import { useEffect } from 'react';

export const OPS_CONSOLE_NAME = '平台运营控制台';

/** The document title of an operator console screen: "充值确认 - 平台运营控制台". */
export function useOpsTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} - ${OPS_CONSOLE_NAME}` : OPS_CONSOLE_NAME;
  }, [title]);
}
