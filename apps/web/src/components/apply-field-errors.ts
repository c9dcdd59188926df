import type { FormInstance } from 'antd';
import { isApiError } from '../lib/request.ts';

/**
 * Puts the per-field messages of a 40000 answer under the form's fields. A server path such as
 * `roleIds.0` counts as its first segment (`roleIds`). `fields` lists the form's field names, or
 * maps server names to form names where they differ (`{ menuCodes: 'menuKeys' }`). Paths naming
 * no field are left to the toast the request layer has already shown. Returns whether any field
 * got a message.
 */
export function applyFieldErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[] | Readonly<Record<string, string>>,
): boolean {
  if (!isApiError(error)) return false;
  const fieldOf = (path: string): string | undefined => {
    const head = path.split('.')[0] ?? '';
    if (Array.isArray(fields)) return fields.includes(head) ? head : undefined;
    return Object.hasOwn(fields, head) ? (fields as Readonly<Record<string, string>>)[head] : undefined;
  };
  const messages = new Map<string, string[]>();
  for (const { path, message } of error.fieldErrors) {
    const field = fieldOf(path);
    if (field) messages.set(field, [...(messages.get(field) ?? []), message]);
  }
  if (messages.size === 0) return false;
  const entries = [...messages];
  form.setFields(entries.map(([name, errors]) => ({ name, errors })));
  const first = entries[0]?.[0];
  if (first) form.scrollToField(first);
  return true;
}
