import type { FormInstance } from 'antd';
import { isApiError } from '../lib/request.ts';

/** A form field's name: `'idNumber'` or a nested path such as `['bankCard', 'cardNumber']`. */
export type TFieldPath = string | readonly (string | number)[];

const segmentsOf = (name: TFieldPath): (string | number)[] => (typeof name === 'string' ? [name] : [...name]);

/** `bankCard.cardNumber` -> ['bankCard', 'cardNumber']; `roleIds.0` -> ['roleIds', 0]. */
function segmentsOfPath(path: string): (string | number)[] {
  return path
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function isPrefix(prefix: readonly (string | number)[], of: readonly (string | number)[]): boolean {
  return prefix.length <= of.length && prefix.every((part, i) => String(part) === String(of[i]));
}

/**
 * Puts the per-field messages of a 40000 answer under the form's fields, for forms with nested
 * field names (where `applyFieldErrors`, which keeps only a path's first segment, cannot tell
 * `bankCard.cardNumber` from `bankCard.bankCode`). Each server path goes to the longest listed
 * field name that is a prefix of it: with `['bankCard', 'cardNumber']` listed, the path
 * `bankCard.cardNumber` lands on that field and `items.0.amount` on `items` if only that is
 * listed. Paths naming no listed field are left to the toast the request layer has already
 * shown. Returns whether any field got a message.
 */
export function applyPathFieldErrors(form: FormInstance, error: unknown, fields: readonly TFieldPath[]): boolean {
  if (!isApiError(error)) return false;
  const names = fields.map(segmentsOf);
  const messages = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const { path, message } of error.fieldErrors) {
    const segments = segmentsOfPath(path);
    let best: (string | number)[] | undefined;
    for (const name of names) if (isPrefix(name, segments) && name.length > (best?.length ?? 0)) best = name;
    if (!best) continue;
    const key = best.join('.');
    const entry = messages.get(key) ?? { name: best, errors: [] };
    entry.errors.push(message);
    messages.set(key, entry);
  }
  if (messages.size === 0) return false;
  const entries = [...messages.values()];
  form.setFields(entries.map(({ name, errors }) => ({ name, errors })));
  const first = entries[0];
  if (first) form.scrollToField(first.name);
  return true;
}
