/**
 * @vitest-environment jsdom
 * happy-dom has no HTMLElement.nonce, which installStyleNonce sets and this test reads.
 */
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
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
