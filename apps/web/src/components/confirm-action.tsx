import { Button, Popconfirm } from 'antd';
import { isApiError } from '../lib/request.ts';
import { BlockedAction } from './blocked-action.tsx';

/**
 * A row action that asks before it acts: a link button behind a confirmation whose OK button
 * says the same as the action, or, when `blockedReason` is given, a disabled button whose
 * tooltip says why it cannot be done (`BlockedAction`: a screen reader reads why as the button's
 * description). `look="button"`: a small button, for a panel's actions, instead of a row's link.
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
  if (blockedReason !== undefined)
    return <BlockedAction label={label} reason={blockedReason} danger={danger} look={look} />;
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
      <Button type={look === 'link' ? 'link' : 'default'} size="small" danger={danger}>
        {label}
      </Button>
    </Popconfirm>
  );
}
