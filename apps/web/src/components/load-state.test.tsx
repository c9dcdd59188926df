import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../lib/request.ts';
import { isNotFoundError, loadFailureReason, QueryState } from './load-state.tsx';
import { getButton, setupUser } from './test-utils.tsx';

const query = (over: Partial<Parameters<typeof QueryState>[0]['query']>) => ({
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
  ...over,
});

describe('QueryState', () => {
  it('says loading failed, why, and retries for a 500 (not 不存在)', async () => {
    const q = query({
      isError: true,
      error: new ApiError({ status: 50000, httpStatus: 500, message: '系统繁忙，请稍后再试！' }),
    });
    render(<QueryState query={q} notFound="发放批次不存在" />);
    expect(screen.getByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('加载失败：系统繁忙，请稍后再试！')).toBeInTheDocument();
    expect(screen.queryByText('发放批次不存在')).toBeNull();
    await setupUser().click(getButton('重新加载'));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('says 网络异常 when no answer came', () => {
    const q = query({
      isError: true,
      error: new ApiError({ status: 0, code: 'ERR_NETWORK', message: NETWORK_ERROR_MESSAGE }),
    });
    render(<QueryState query={q} notFound="员工不存在" />);
    expect(screen.getByText(`加载失败：${NETWORK_ERROR_MESSAGE}`)).toBeInTheDocument();
    expect(loadFailureReason(new TypeError('Failed to fetch'))).toBe('网络异常');
  });

  it('says 不存在 only for a real 404, with no retry', () => {
    const error = new ApiError({ status: 40400, httpStatus: 404, message: '请求的资源不存在' });
    expect(isNotFoundError(error)).toBe(true);
    expect(isNotFoundError(new ApiError({ status: 50000, httpStatus: 500, message: 'x' }))).toBe(false);
    render(<QueryState query={query({ isError: true, error })} notFound="发放批次不存在" />);
    expect(screen.getByText('发放批次不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重新加载/ })).toBeNull();
  });

  it("shows the page's frame while loading, not 不存在: its cards' titles with skeletons and a status", () => {
    const { container } = render(
      <QueryState
        query={query({ isPending: true })}
        notFound="发放批次不存在"
        frame={['发放详情', '审批记录']}
        loadingLabel="正在加载发放批次…"
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('正在加载发放批次…');
    expect(screen.getByText('发放详情')).toBeInTheDocument();
    expect(screen.getByText('审批记录')).toBeInTheDocument();
    expect(container.querySelectorAll('.ant-skeleton')).toHaveLength(2);
    expect(container.querySelector('.ant-spin')).toBeNull();
    expect(screen.queryByText('发放批次不存在')).toBeNull();
  });

  it('without a frame shows one untitled card as skeleton, with 正在加载…', () => {
    const { container } = render(<QueryState query={query({ isPending: true })} notFound="员工不存在" />);
    expect(screen.getByRole('status')).toHaveTextContent('正在加载…');
    expect(container.querySelectorAll('.ant-skeleton')).toHaveLength(1);
    expect(container.querySelector('.ant-card-head')).toBeNull();
  });
});
