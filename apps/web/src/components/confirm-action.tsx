import { Button, Popconfirm, Tooltip } from 'antd';
import { useId } from 'react';
import { isApiError } from '../lib/request.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

/**
 * A row action that asks before it acts: a link button behind a confirmation whose OK button
 * says the same as the action, or, when `blockedReason` is given, a disabled button whose
 * tooltip says why it cannot be done (and a screen reader reads why as the button's description:
 * its name stays its visible text, WCAG 2.5.3). `look="button"`: a small button, for a panel's
 * actions, instead of a row's link.
 */
export function ConfirmAction({
  label,
  title,
  description,
  onConfirm,
  danger = false,
  blockedReason,
  look = 'link',
}: {
  label: string;
  title: string;
  description: string;
  /**
   * May answer a promise: the confirmation shows a spinner until it settles. A failed call has
   * been told by the request layer (its toast): it ends here, not as an unhandled rejection.
   */
  onConfirm: () => unknown;
  danger?: boolean;
  blockedReason?: string;
  look?: 'link' | 'button';
}) {
  const reasonId = useId();
  const button = (
    <Button
      type={look === 'link' ? 'link' : 'default'}
      size="small"
      danger={danger}
      disabled={blockedReason !== undefined}
      aria-describedby={blockedReason !== undefined ? reasonId : undefined}
      // Chromium sends no pointer events to a disabled button: let them reach the span with the tooltip.
      style={blockedReason !== undefined ? { pointerEvents: 'none' } : undefined}
    >
      {label}
    </Button>
  );
  if (blockedReason !== undefined) {
    // A disabled button gets no pointer events: the span around it shows the reason.
    return (
      <Tooltip title={blockedReason}>
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>
          {button}
          <VisuallyHidden id={reasonId}>{blockedReason}</VisuallyHidden>
        </span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={label}
      okButtonProps={danger ? { danger: true } : undefined}
      onConfirm={() =>
        Promise.resolve(onConfirm()).catch((error: unknown) => {
          if (!isApiError(error)) throw error;
        })
      }
    >
      {button}
    </Popconfirm>
  );
}
