import { Input } from 'antd';
import type { SearchProps } from 'antd/es/input';
import { useState, type ChangeEvent } from 'react';
import { trimOnBlur } from './trimmed-input.tsx';

/**
 * A search box that trims its text when it loses focus (spec section 5), like `TrimmedInput`,
 * and searches for the trimmed text. Controlled (`value` + `onChange`) or not.
 */
export function TrimmedSearch({ value, onBlur, onChange, onSearch, ...props }: SearchProps) {
  const [own, setOwn] = useState(typeof props.defaultValue === 'string' ? props.defaultValue : '');
  const isControlled = value !== undefined;
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    if (!isControlled) setOwn(e.target.value);
    onChange?.(e);
  };
  return (
    <Input.Search
      {...props}
      value={isControlled ? value : own}
      onChange={change}
      onBlur={trimOnBlur(change, onBlur)}
      onSearch={(text, event, info) => onSearch?.(text.trim(), event, info)}
    />
  );
}
