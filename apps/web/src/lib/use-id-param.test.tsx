import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseIdParam, useIdParam } from './use-id-param.ts';

function Shows({ name }: { name?: string }) {
  const id = useIdParam(name);
  return <p>id: {id === undefined ? 'none' : id}</p>;
}

function renderAt(path: string, url: string, name?: string) {
  const router = createMemoryRouter([{ path, element: <Shows {...(name ? { name } : {})} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
}

describe('useIdParam', () => {
  it("reads the path's :id when the route has one", async () => {
    renderAt('/contract/detail/:id', '/contract/detail/12?id=99');
    expect(await screen.findByText('id: 12')).toBeTruthy();
  });

  it("reads the query's ?id= when the route has no :id", async () => {
    renderAt('/payroll/detail', '/payroll/detail?id=7');
    expect(await screen.findByText('id: 7')).toBeTruthy();
  });

  it('reads another name', async () => {
    renderAt('/task/upload', '/task/upload?assignmentId=5&id=3', 'assignmentId');
    expect(await screen.findByText('id: 5')).toBeTruthy();
  });

  it('is undefined for a missing or invalid id', async () => {
    renderAt('/payroll/detail', '/payroll/detail');
    expect(await screen.findByText('id: none')).toBeTruthy();
  });

  it('accepts positive whole numbers only', () => {
    expect(parseIdParam('42')).toBe(42);
    for (const raw of [null, undefined, '', '0', '-1', '1.5', '1e3', 'abc', ' 1', '99999999999999999999']) {
      expect(parseIdParam(raw), String(raw)).toBeUndefined();
    }
  });
});
