/**
 * @vitest-environment jsdom
 * happy-dom has no HTMLElement.nonce, which installStyleNonce sets and this test reads.
 */
import { act, render, screen } from '@testing-library/react';
import { Button } from 'antd';
// The module the providers use: under Vitest the 'antd' barrel resolves to antd's CommonJS build
// (lib/), another copy of its theme context.
import theme from 'antd/es/theme';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, readCspNonce } from './providers.tsx';

describe('the CSP nonce', () => {
  afterEach(() => document.head.querySelector('meta[name="csp-nonce"]')?.remove());

  it('is read from the meta tag the server puts into the page, and absent without one', () => {
    expect(readCspNonce()).toBeUndefined();
    document.head.insertAdjacentHTML('afterbegin', '<meta name="csp-nonce" content="abc123" />');
    expect(readCspNonce()).toBe('abc123');
  });

  it("is carried by antd's style elements, which the policy admits only with it", () => {
    document.head.insertAdjacentHTML('afterbegin', '<meta name="csp-nonce" content="n0nce42" />');
    render(
      <AppProviders>
        <Button type="primary">查询</Button>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: /查\s*询/ })).toBeInTheDocument();
    const styles = [...document.querySelectorAll('style')].filter((s) => s.textContent?.includes('ant-btn'));
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('n0nce42');
    // Styles that rc-component helpers create without a nonce (scroll locker) get it too.
    expect(document.createElement('style').nonce).toBe('n0nce42');
    expect(document.createElement('div')).toBeInstanceOf(HTMLDivElement);
  });
});

describe('reduced motion', () => {
  const setupMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = setupMatchMedia;
  });

  /** A media query list for prefers-reduced-motion whose answer the test changes. */
  function stubReducedMotion(initially: boolean) {
    const listeners = new Set<() => void>();
    const query = {
      matches: initially,
      media: '(prefers-reduced-motion: reduce)',
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
    };
    window.matchMedia = vi.fn((media: string) =>
      media === query.media ? query : setupMatchMedia(media),
    ) as unknown as typeof window.matchMedia;
    return (next: boolean) => {
      query.matches = next;
      for (const fn of listeners) fn();
    };
  }

  function Motion() {
    return <output>{theme.useToken().token.motion ? '动效开' : '动效关'}</output>;
  }

  it("turns antd's motion off while the system asks for less motion, and on again when it stops", () => {
    const setReduced = stubReducedMotion(true);
    render(
      <AppProviders>
        <Motion />
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('动效关');
    act(() => setReduced(false));
    expect(screen.getByRole('status')).toHaveTextContent('动效开');
  });
});
