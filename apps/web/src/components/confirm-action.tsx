import { Button, Popconfirm, Tooltip } from 'antd';

/**
 * A row action that asks before it acts: a link button behind a confirmation whose OK button
 * says the same as the action, or, when `blockedReason` is given, a disabled button whose
 * tooltip says why it cannot be done.
 */
export function ConfirmAction({
  label,
  title,
  description,
  onConfirm,
  danger = false,
  blockedReason,
}: {
  label: string;
  title: string;
  description: string;
  /** May answer a promise: the confirmation shows a spinner until it settles. */
  onConfirm: () => unknown;
  danger?: boolean;
  blockedReason?: string;
}) {
  const button = (
    <Button
      type="link"
      size="small"
      danger={danger}
      disabled={blockedReason !== undefined}
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
        <span style={{ display: 'inline-block', cursor: 'not-allowed' }}>{button}</span>
      </Tooltip>
    );
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={label}
      okButtonProps={danger ? { danger: true } : undefined}
      onConfirm={onConfirm}
    >
      {button}
    </Popconfirm>
  );
}
