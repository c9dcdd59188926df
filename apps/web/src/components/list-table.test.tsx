import type { UseQueryResult } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './confirm-action.tsx';
import { ListTable, type ListPage } from './list-table.tsx';
import { getButton, setupUser } from './test-utils.tsx';
import { ApiError } from '../lib/request.ts';

type Row = { id: number; name: string };

/** The parts of a query result the table reads. */
const queryOf = (state: Partial<UseQueryResult<ListPage<Row>>>) =>
  ({ isError: false, isFetching: false, data: undefined, refetch: vi.fn(), ...state }) as unknown as UseQueryResult<
    ListPage<Row>
  >;

const pagination = (total: number) => ({ current: 1, pageSize: 10, total });

function renderTable(query: UseQueryResult<ListPage<Row>>, props: { isFiltered?: boolean; empty?: string } = {}) {
  return render(
    <ConfigProvider locale={zhCN}>
      <ListTable<Row>
        query={query}
        noun="工种"
        isFiltered={props.isFiltered ?? false}
        empty={props.empty}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        pagination={pagination}
      />
    </ConfigProvider>,
  );
}

describe('ListTable', () => {
  it('shows the rows of the page and its total', () => {
    renderTable(queryOf({ data: { rows: [{ id: 1, name: '保洁' }], total: 31 } }));
    expect(screen.getByText('保洁')).toBeInTheDocument();
    expect(screen.getByTitle('4')).toBeInTheDocument(); // the last of 4 pages of 10
  });

  it('says the list is empty, or that nothing matches the filters', () => {
    const empty = queryOf({ data: { rows: [], total: 0 } });
    const { unmount } = renderTable(empty);
    expect(screen.getByText('暂无工种')).toBeInTheDocument();
    unmount();
    renderTable(empty, { empty: '暂无工种，可点击“新增工种”' }).unmount();
    renderTable(empty, { isFiltered: true });
    expect(screen.getByText('没有符合条件的工种')).toBeInTheDocument();
  });

  it('says nothing of an empty list behind its spinner until the first answer', () => {
    const { container } = renderTable(queryOf({ isFetching: true, isPending: true }));
    expect(screen.queryByText('暂无工种')).not.toBeInTheDocument();
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it('offers a retry when the list failed to load, and keeps the rows it had when a refresh fails', async () => {
    const failed = queryOf({
      isError: true,
      error: new ApiError({ status: 50000, httpStatus: 500, message: '系统繁忙' }),
    });
    const { unmount } = renderTable(failed);
    expect(screen.getByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('加载失败：系统繁忙')).toBeInTheDocument();
    await setupUser().click(getButton('重新加载'));
    expect(failed.refetch).toHaveBeenCalledOnce();
    unmount();
    renderTable(queryOf({ isError: true, data: { rows: [{ id: 1, name: '保洁' }], total: 1 } }));
    expect(screen.getByText('保洁')).toBeInTheDocument();
    expect(screen.queryByText('数据加载失败')).not.toBeInTheDocument();
  });
});

describe('ConfirmAction', () => {
  it('acts only once confirmed, with an OK button that says the action', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmAction label="删除" danger title="删除工种" description="确定删除工种“保洁”吗？" onConfirm={onConfirm} />,
    );
    const user = setupUser();
    await user.click(getButton('删除'));
    expect(await screen.findByText('确定删除工种“保洁”吗？')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: /删\s*除/ });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('is disabled with the reason when the action cannot be done', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmAction
        label="删除"
        title="删除角色"
        description="确定删除角色吗？"
        onConfirm={onConfirm}
        blockedReason="企业管理员角色不能删除"
      />,
    );
    const button = getButton('删除');
    expect(button).toBeDisabled();
    await setupUser().hover(button.parentElement ?? button);
    await waitFor(() => expect(screen.getByText('企业管理员角色不能删除')).toBeInTheDocument());
    expect(screen.queryByText('确定删除角色吗？')).not.toBeInTheDocument();
  });
});
