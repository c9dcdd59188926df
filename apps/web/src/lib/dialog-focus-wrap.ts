/**
 * Tab wraps around inside the open dialog or drawer (WCAG 2.1.2, 2.4.3). antd locks the focus in
 * an open dialog only when the focus lands outside it within the page: Tab on its last control
 * leaves the page for the browser's own controls when that control is also the page's last one,
 * and the focus never comes back to the dialog. Here Tab on the last control of the topmost
 * modal dialog goes to its first one, and Shift+Tab on the first to the last.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isShown(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return false;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return true;
}

/** The controls of `root` that Tab stops at, in order. */
export function tabStops(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isShown);
}

/** The open modal dialog on top (the last opened: antd appends each one to the body). */
function topDialog(doc: Document): Element | undefined {
  const open = [...doc.querySelectorAll('[aria-modal="true"]')].filter(isShown);
  const top = open.at(-1);
  // The drawer's or the modal's root takes the focus when it opens: it is the trap's frame.
  return top?.closest('.ant-drawer, .ant-modal-wrap') ?? top;
}

/** Installs the wrap on `doc`; answers the function that removes it. */
export function installDialogFocusWrap(doc: Document = document): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const dialog = topDialog(doc);
    if (!dialog) return;
    const stops = tabStops(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const active = doc.activeElement;
    const inside = active !== null && dialog.contains(active);
    if (!e.shiftKey && (active === last || !inside)) {
      e.preventDefault();
      first.focus();
    } else if (e.shiftKey && (active === first || active === dialog || !inside)) {
      e.preventDefault();
      last.focus();
    }
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}
