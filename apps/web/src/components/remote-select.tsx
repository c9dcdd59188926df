import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import type { TOption, TRemoteOptions } from '../lib/list-filters.ts';

export const REMOTE_SEARCH_DEBOUNCE_MS = 300;
/** Found options stay cached this long; reopening the dropdown reuses them. */
const OPTIONS_STALE_MS = 30_000;

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * A select whose options the server finds as the user types: the search waits until typing
 * pauses, shows a spinner while it runs, and asks nothing until the dropdown first opens. A
 * value that arrives without its option (read from the URL) gets its label from
 * `remote.resolve`, and shows 加载中… meanwhile rather than a bare id.
 */
export function RemoteSelect({
  value,
  onChange,
  remote,
  placeholder = '全部',
  noun,
  width,
  id,
  debounceMs = REMOTE_SEARCH_DEBOUNCE_MS,
}: {
  value?: number | undefined;
  onChange?: (value: number | undefined) => void;
  remote: TRemoteOptions;
  placeholder?: string;
  /** What the options are, for the empty and failed states: 工种 -> 暂无工种 / 工种加载失败. */
  noun: string;
  width?: number | undefined;
  /** Set by Form.Item, so the label points at the field. */
  id?: string;
  debounceMs?: number;
}) {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const [keyword, setKeyword] = useState('');
  const debouncedKeyword = useDebouncedValue(keyword.trim(), debounceMs);
  /** The option last chosen, so it keeps its label while other searches show other options. */
  const [chosen, setChosen] = useState<TOption<number> | undefined>(undefined);

  const found = useQuery({
    queryKey: [...remote.queryKey, 'search', debouncedKeyword],
    queryFn: ({ signal }) => remote.search(debouncedKeyword, signal),
    enabled: hasOpened,
    placeholderData: keepPreviousData,
    staleTime: OPTIONS_STALE_MS,
  });

  const knownLabel =
    value === undefined
      ? undefined
      : chosen?.value === value
        ? chosen.label
        : found.data?.find((option) => option.value === value)?.label;
  const selected = useQuery({
    queryKey: [...remote.queryKey, 'option', value],
    // null: the server no longer has it (the query cache holds no undefined).
    queryFn: async ({ signal }) => (await remote.resolve(value as number, signal)) ?? null,
    enabled: value !== undefined && knownLabel === undefined,
    staleTime: OPTIONS_STALE_MS,
  });
  const selectedLabel = knownLabel ?? selected.data?.label;
  const isGone = knownLabel === undefined && selected.data === null;

  const options: TOption<number>[] = [...(found.data ?? [])];
  if (value !== undefined && selectedLabel !== undefined && !options.some((option) => option.value === value)) {
    // Not among the current answers (another search, or not searched yet): antd needs its option to show it.
    options.unshift({ value, label: selectedLabel });
  }
  const isSearching = found.isFetching || keyword.trim() !== debouncedKeyword;

  return (
    <Select<number, TOption<number>>
      id={id}
      value={value}
      onChange={(next, option) => {
        if (next !== undefined && option && !Array.isArray(option)) setChosen({ value: next, label: option.label });
        onChange?.(next);
      }}
      placeholder={placeholder}
      allowClear
      open={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (open) setHasOpened(true);
        else setKeyword('');
      }}
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      loading={isSearching || (selected.isFetching && selectedLabel === undefined)}
      labelRender={({ value: shown, label }) => {
        if (label !== undefined && label !== null && label !== '') return label;
        if (selected.isPending && selected.fetchStatus === 'fetching') return '加载中…';
        // The server no longer has it (deleted): say so rather than show an id.
        return isGone ? `已删除的${noun}` : String(shown);
      }}
      notFoundContent={isSearching ? '搜索中…' : found.isError ? `${noun}加载失败` : `暂无${noun}`}
      options={options}
      style={{ width: width ?? 160 }}
    />
  );
}
