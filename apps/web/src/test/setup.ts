import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
// The modules the request layer's default handlers use (lib/request.ts), not the antd barrel.
import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import notification from 'antd/es/notification';
import { afterAll, afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s: on a loaded CI machine antd can take longer than the
// 1 s default to render a dialog or a table.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  cleanup();
  // What the app keeps outside React's tree goes too, so that a test (and, as a worker's files
  // share one document, a file) starts from an empty page: antd's message, notification and
  // modal holders, cookies, local and session storage. A request the test left answering
  // toasts through the static message (no App is mounted any more): let it land first.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // A non-empty value: happy-dom ignores a removal whose value is empty.
    if (name) document.cookie = `${name}=x; path=/; max-age=0`;
  }
  localStorage.clear();
  sessionStorage.clear();
});

// React's scheduler may still have work queued (antd's motion timers) when the last test of a
// file ends; let it drain before the DOM is torn down, or it runs against a missing window.
afterAll(async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setImmediate(resolve));
  }
});

// The simulated DOM (happy-dom, or jsdom where a file asks for it) lacks these browser APIs
// that antd relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
window.scrollTo = () => {};
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
