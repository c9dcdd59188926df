import { Button, Tooltip } from 'antd';
import { useId } from 'react';
import { VisuallyHidden } from './visually-hidden.tsx';

/**
 * An action that cannot be done now: a disabled button whose tooltip says why, and a screen
 * reader reads why as the button's description (its name stays its visible text, WCAG 2.5.3).
 * `ConfirmAction` shows it for a `blockedReason`; an action that opens a dialog shows it in place
 * of its button. `look="button"`: a small button, for a panel's actions, instead of a row's link.
 */
export function BlockedAction({
  label,
  reason,
  danger = false,
  look = 'link',
}: {
  label: string;
  reason: string;
  danger?: boolean;
  look?: 'link' | 'button';
}) {
  const reasonId = useId();
  // A disabled button gets no pointer events (Chromium sends none): the span around it shows the reason.
  return (
    <Tooltip title={reason}>
      <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        <Button
          type={look === 'link' ? 'link' : 'default'}
          size="small"
          danger={danger}
          disabled
          aria-describedby={reasonId}
          style={{ pointerEvents: 'none' }}
        >
          {label}
        </Button>
        <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
