import type { FormInstance } from 'antd';
import { isApiError, notifyError } from '../lib/request.ts';

/** A form field's name: `'idNumber'` or a nested path such as `['bankCard', 'cardNumber']`. */
export type TFieldPath = string | readonly (string | number)[];

type Segments = (string | number)[];

const segmentsOf = (name: TFieldPath): Segments => (typeof name === 'string' ? [name] : [...name]);

/** `bankCard.cardNumber` -> ['bankCard', 'cardNumber']; `roleIds.0` -> ['roleIds', 0]. */
function segmentsOfPath(path: string): Segments {
  return path
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function isPrefix(prefix: readonly (string | number)[], of: readonly (string | number)[]): boolean {
  return prefix.length <= of.length && prefix.every((part, i) => String(part) === String(of[i]));
}

/**
 * Puts the per-field messages of a 40000 answer under the form's fields. `fields` lists the
 * form's field names (`'name'`, or nested `['bankCard', 'cardNumber']`), or maps server names to
 * form names where they differ (`{ menuCodes: 'menuKeys' }`). Each server path goes to the
 * longest listed name that is a prefix of it: `roleIds.0` lands on `roleIds`, and
 * `bankCard.cardNumber` on `['bankCard', 'cardNumber']` rather than on `bankCard`. Paths naming
 * no listed field are left to the toast the request layer has already shown; when the call
 * asked the request layer not to toast field errors (`fieldErrorsToForm`), they are toasted
 * here, so each message shows once. Returns whether any field got a message.
 */
export function applyFieldErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly TFieldPath[] | Readonly<Record<string, TFieldPath>>,
): boolean {
  if (!isApiError(error)) return false;
  const targets: { server: Segments; form: Segments }[] = Array.isArray(fields)
    ? (fields as readonly TFieldPath[]).map((f) => ({ server: segmentsOf(f), form: segmentsOf(f) }))
    : Object.entries(fields as Readonly<Record<string, TFieldPath>>).map(([server, name]) => ({
        server: segmentsOfPath(server),
        form: segmentsOf(name),
      }));
  const messages = new Map<string, { name: Segments; errors: string[] }>();
  const unplaced: string[] = [];
  for (const { path, message } of error.fieldErrors) {
    const segments = segmentsOfPath(path);
    let best: (typeof targets)[number] | undefined;
    for (const t of targets) {
      if (isPrefix(t.server, segments) && t.server.length > (best?.server.length ?? 0)) best = t;
    }
    if (!best) {
      unplaced.push(message);
      continue;
    }
    const key = best.form.join('.');
    const entry = messages.get(key) ?? { name: best.form, errors: [] };
    entry.errors.push(message);
    messages.set(key, entry);
  }
  if (error.isLeftToForm && unplaced.length > 0) notifyError(unplaced.join('；'));
  if (messages.size === 0) return false;
  const entries = [...messages.values()];
  form.setFields(entries.map(({ name, errors }) => ({ name, errors })));
  const first = entries[0];
  if (first) form.scrollToField(first.name);
  return true;
}
