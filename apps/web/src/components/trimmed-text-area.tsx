import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { trimOnBlur } from './trimmed-input.tsx';

/** A textarea that trims its value when it loses focus (spec section 5), like `TrimmedInput`. */
export function TrimmedTextArea({ onBlur, onChange, ...props }: TextAreaProps) {
  return <Input.TextArea {...props} onChange={onChange} onBlur={trimOnBlur(onChange, onBlur)} />;
}
