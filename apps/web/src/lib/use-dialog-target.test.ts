import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDialogTarget } from './use-dialog-target.ts';

describe('useDialogTarget', () => {
  it('holds the row from open until the dialog has closed', () => {
    const { result } = renderHook(() => useDialogTarget<{ id: number }>());
    expect(result.current.target).toBeUndefined();
    expect(result.current.dialogProps.open).toBe(false);

    act(() => result.current.open({ id: 7 }));
    expect(result.current.target).toEqual({ id: 7 });
    expect(result.current.dialogProps.open).toBe(true);

    act(() => result.current.dialogProps.onClose());
    // Closing: the dialog still shows its row during the animation.
    expect(result.current.isOpen).toBe(false);
    expect(result.current.target).toEqual({ id: 7 });

    act(() => result.current.dialogProps.afterClose());
    expect(result.current.target).toBeUndefined();
    expect(result.current.isHeld).toBe(false);
  });

  it('holds null for a dialog that adds', () => {
    const { result } = renderHook(() => useDialogTarget<{ id: number } | null>());
    act(() => result.current.open(null));
    expect(result.current.isHeld).toBe(true);
    expect(result.current.target).toBeNull();
  });
});
