import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy* and waitFor wait up to 5 s: on a loaded CI machine antd can take longer than the
// 1 s default to render a dialog or a table.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// React's scheduler may still have work queued (antd's motion timers) when the last test of a
// file ends; let it drain before jsdom is torn down, or it runs against a missing window.
afterAll(async () => {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setImmediate(resolve));
  }
});

// jsdom lacks these browser APIs that antd relies on.
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
