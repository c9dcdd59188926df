import { afterEach, describe, expect, it } from 'vitest';
import { installDialogFocusWrap, tabStops } from './dialog-focus-wrap.ts';

const tab = (shiftKey = false) =>
  document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true }));

describe('Tab wraps inside the open dialog', () => {
  let remove: (() => void) | undefined;
  afterEach(() => {
    remove?.();
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = `
      <button id="behind">页面按钮</button>
      <div class="ant-drawer" tabindex="-1">
        <div role="dialog" aria-modal="true">
          <button id="close" aria-label="关闭"></button>
          <input type="file" style="display: none" />
          <button id="disabled" disabled>不可用</button>
          <button id="ok">确认导入</button>
        </div>
      </div>`;
    remove = installDialogFocusWrap(document);
    return (id: string) => document.getElementById(id) as HTMLElement;
  }

  it('counts only the controls Tab stops at', () => {
    const byId = page();
    expect(tabStops(document.querySelector('.ant-drawer') as Element)).toEqual([byId('close'), byId('ok')]);
  });

  it('goes from the last control to the first, and back with Shift+Tab', () => {
    const byId = page();
    byId('ok').focus();
    tab();
    expect(document.activeElement).toBe(byId('close'));
    tab(true);
    expect(document.activeElement).toBe(byId('ok'));
  });

  it('brings a focus that is outside back into the dialog', () => {
    const byId = page();
    byId('behind').focus();
    tab();
    expect(document.activeElement).toBe(byId('close'));
  });

  it('leaves Tab alone between the controls inside, and when no dialog is open', () => {
    const byId = page();
    byId('close').focus();
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    byId('close').dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    document.querySelector('.ant-drawer')?.remove();
    byId('behind').focus();
    const outside = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    byId('behind').dispatchEvent(outside);
    expect(outside.defaultPrevented).toBe(false);
  });
});
