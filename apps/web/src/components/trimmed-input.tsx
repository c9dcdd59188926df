// The plain Input module, not antd's Input barrel: the barrel brings TextArea, OTP and Search
// along, and this component is on the login page, whose download is budgeted.
import Input, { type InputProps } from 'antd/es/input/Input';
import type { FocusEvent } from 'react';

/**
 * A text input that trims its value when it loses focus (spec section 5). Works inside antd
 * Form items: the trimmed value goes through `onChange`.
 */
export function TrimmedInput({ onBlur, onChange, ...props }: InputProps) {
  const handleBlur = (e: FocusEvent<HTMLInputElement>) => {
    const value = e.target.value;
    const trimmed = value.trim();
    if (trimmed !== value && onChange) {
      onChange({
        ...e,
        target: { ...e.target, value: trimmed },
        currentTarget: { ...e.currentTarget, value: trimmed },
      });
    }
    onBlur?.(e);
  };
  return <Input {...props} onChange={onChange} onBlur={handleBlur} />;
}
