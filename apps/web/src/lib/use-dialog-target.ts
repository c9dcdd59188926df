import { useCallback, useMemo, useState } from 'react';

/**
 * The row a dialog acts on (离职 of a worker, 重置密码 of an admin, 编辑 of a role…), held from
 * `open(row)` until the dialog has finished closing, so its closing animation still shows the
 * row. `open(null)` suits dialogs that add when given no row.
 *
 * Render the dialog while `target !== undefined`, and hand it `dialogProps` (`open`, `onClose`,
 * `afterClose`, the props of the project's modals).
 */
export function useDialogTarget<T>() {
  const [held, setHeld] = useState<{ row: T } | undefined>(undefined);
  const [isOpen, setOpen] = useState(false);

  const open = useCallback((row: T) => {
    setHeld({ row });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const afterClose = useCallback(() => setHeld(undefined), []);
  const dialogProps = useMemo(() => ({ open: isOpen, onClose: close, afterClose }), [isOpen, close, afterClose]);

  return {
    /** The row, from `open` until the dialog has closed; undefined when no dialog is shown. */
    target: held?.row,
    /** Whether a row is held (true also for `open(null)`). */
    isHeld: held !== undefined,
    isOpen,
    open,
    close,
    afterClose,
    dialogProps,
  };
}
