import type { ReactNode } from 'react';
import { useHasElement } from '../lib/session-store.ts';

/** Renders its children only when the admin holds the element code. */
export function Permission({ element, children }: { element: string; children: ReactNode }) {
  return useHasElement(element) ? <>{children}</> : null;
}
