import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrimmedSearch } from './trimmed-search.tsx';

describe('TrimmedSearch', () => {
  it('trims its text when it loses focus and searches for the trimmed text', () => {
    const onSearch = vi.fn();
    render(<TrimmedSearch placeholder="按姓名搜索" onSearch={onSearch} />);
    const box = screen.getByPlaceholderText('按姓名搜索');
    fireEvent.change(box, { target: { value: '  张三  ' } });
    expect(box).toHaveValue('  张三  ');
    fireEvent.blur(box);
    expect(box).toHaveValue('张三');
    fireEvent.change(box, { target: { value: ' 李四 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSearch).toHaveBeenLastCalledWith('李四', expect.anything(), expect.anything());
  });
});
