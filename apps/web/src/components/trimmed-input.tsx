// The plain Input module, not antd's Input barrel: the barrel brings TextArea, OTP and Search
// along, and this component is on the login page, whose download is budgeted.
import Input, { type InputProps } from 'antd/es/input/Input';
import type { ChangeEvent, FocusEvent } from 'react';

type TTextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * A blur handler that trims the field's value (spec section 5) and passes the trimmed value
 * through `onChange`, so antd Form items store it, then calls `onBlur`.
 */
export function trimOnBlur<E extends TTextElement>(
  onChange: ((e: ChangeEvent<E>) => void) | undefined,
  onBlur: ((e: FocusEvent<E>) => void) | undefined,
) {
  return (e: FocusEvent<E>) => {
    const value = e.target.value;
    const trimmed = value.trim();
    if (trimmed !== value && onChange) {
      onChange({
        ...e,
        target: { ...e.target, value: trimmed },
        currentTarget: { ...e.currentTarget, value: trimmed },
      } as ChangeEvent<E>);
    }
    onBlur?.(e);
  };
}

/**
 * A text input that trims its value when it loses focus (spec section 5). Works inside antd
 * Form items: the trimmed value goes through `onChange`.
 */
export function TrimmedInput({ onBlur, onChange, ...props }: InputProps) {
  return <Input {...props} onChange={onChange} onBlur={trimOnBlur(onChange, onBlur)} />;
}
