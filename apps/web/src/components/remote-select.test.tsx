import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Form } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOption, TRemoteOptions } from '../lib/list-filters.ts';
import { RemoteSelect } from './remote-select.tsx';

const JOB_TYPES: TOption<number>[] = [
  { value: 1, label: '配送员' },
  { value: 2, label: '保洁员' },
  { value: 3, label: '配菜员' },
];

function remoteOf(): TRemoteOptions & { search: ReturnType<typeof vi.fn>; resolve: ReturnType<typeof vi.fn> } {
  return {
    queryKey: ['test', 'jobTypes'],
    search: vi.fn((keyword: string) => Promise.resolve(JOB_TYPES.filter((type) => type.label.includes(keyword)))),
    resolve: vi.fn((value: number) => Promise.resolve(JOB_TYPES.find((type) => type.value === value))),
  };
}

function renderSelect(remote: TRemoteOptions, initial: { jobTypeId?: number } = {}) {
  const onValues = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ConfigProvider locale={zhCN}>
      <QueryClientProvider client={queryClient}>
        <Form initialValues={initial} onValuesChange={(_, all) => onValues(all)}>
          <Form.Item name="jobTypeId" label="工种">
            <RemoteSelect remote={remote} noun="工种" debounceMs={200} />
          </Form.Item>
        </Form>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...result, onValues };
}

const input = () => screen.getByRole('combobox');
const openDropdown = () => fireEvent.mouseDown(input());

afterEach(() => {
  vi.useRealTimers();
});

describe('RemoteSelect', () => {
  it('asks the server nothing until the dropdown opens, then lists what it finds', async () => {
    const remote = remoteOf();
    renderSelect(remote);
    expect(remote.search).not.toHaveBeenCalled();
    openDropdown();
    expect(await screen.findByTitle('保洁员')).toBeInTheDocument();
    expect(remote.search).toHaveBeenCalledOnce();
    expect(remote.search.mock.calls[0]?.[0]).toBe('');
  });

  it('searches once typing pauses, with a loading state meanwhile, and chooses an option', async () => {
    const remote = remoteOf();
    const { onValues, container } = renderSelect(remote);
    openDropdown();
    await screen.findByTitle('保洁员');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(input(), { target: { value: '配' } });
    fireEvent.change(input(), { target: { value: '配菜' } });
    // Typing: the old answer is not the answer, and no request goes out per key.
    expect(container.querySelector('.ant-select-arrow-loading, .anticon-loading')).not.toBeNull();
    expect(remote.search).toHaveBeenCalledOnce();
    await act(() => vi.advanceTimersByTimeAsync(250));
    // The fake clock stays (advancing with real time) until the end: switching back here would
    // drop any timer the query's notifier had just scheduled on it, and with it the new answer.
    try {
      await waitFor(() => expect(remote.search).toHaveBeenCalledTimes(2));
      expect(remote.search.mock.calls[1]?.[0]).toBe('配菜');
      await waitFor(() => expect(screen.queryByTitle('保洁员')).toBeNull());
      fireEvent.click(await screen.findByTitle('配菜员'));
      expect(onValues).toHaveBeenLastCalledWith({ jobTypeId: 3 });
      expect(container.querySelector('.ant-select-content')).toHaveAttribute('title', '配菜员');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the label of a value read from the URL, loading it first', async () => {
    let answer: (option: TOption<number>) => void = () => {};
    const remote = remoteOf();
    remote.resolve.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderSelect(remote, { jobTypeId: 2 });
    expect(await screen.findByText('加载中…')).toBeInTheDocument();
    expect(screen.queryByText('2')).toBeNull();
    act(() => answer({ value: 2, label: '保洁员' }));
    expect(await screen.findByText('保洁员')).toBeInTheDocument();
    expect(remote.resolve).toHaveBeenCalledWith(2, expect.anything());
    expect(remote.search).not.toHaveBeenCalled();
  });

  it('says so when the value read from the URL no longer exists, and when the search fails', async () => {
    const remote = remoteOf();
    remote.search.mockRejectedValue(new Error('系统繁忙'));
    renderSelect(remote, { jobTypeId: 9 });
    expect(await screen.findByText('已删除的工种')).toBeInTheDocument();
    openDropdown();
    expect(await screen.findByText('工种加载失败')).toBeInTheDocument();
  });
});
