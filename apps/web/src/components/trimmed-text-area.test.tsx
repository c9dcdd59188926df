import { fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { TrimmedTextArea } from './trimmed-text-area.tsx';

describe('TrimmedTextArea', () => {
  it('trims its value in the form when it loses focus', () => {
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Harness() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance}>
          <Form.Item name="remark">
            <TrimmedTextArea placeholder="备注" />
          </Form.Item>
        </Form>
      );
    }
    render(<Harness />);
    const area = screen.getByPlaceholderText('备注');
    fireEvent.change(area, { target: { value: '  两端有空格  ' } });
    expect(form?.getFieldValue('remark')).toBe('  两端有空格  ');
    fireEvent.blur(area);
    expect(form?.getFieldValue('remark')).toBe('两端有空格');
    expect(area).toHaveValue('两端有空格');
  });
});
