import type { CSSProperties, ReactNode } from 'react';

const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Text read by screen readers and not shown, on any page (the console's `.sr-only` class lives
 * in its layout's style sheet, which /ops does not load): what a figure or a badge counts.
 */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span id={id} style={HIDDEN}>
      {children}
    </span>
  );
}
