import { z } from 'zod/mini';
import './zodLocale';
import { recordDrift } from './drift';

/**
 * One element of a list answer (a batch read, a search's results) that does not match its schema. The list
 * keeps it in its place instead of failing whole: one odd listing among twenty leaves nineteen listings and a
 * row that names it and says what is wrong. Each case is recorded as contract drift.
 */
export interface Unreadable {
  /** What is wrong: a field the page needs is missing, or a field holds a value of another kind. */
  unreadable: 'missing' | 'invalid';
  /** The element's id as it came, as text (data: shown as text only), or null when it had none. */
  id: string | null;
}

/** Whether a list element is one that could not be read (the schemas' values never carry `unreadable`). */
export function isUnreadable<T extends object>(element: T | Unreadable): element is Unreadable {
  return 'unreadable' in element;
}

/** An id long enough to tell one element from another; the rest of an oversized one is dropped. */
const idLength = 100;

function idOf(element: unknown): string | null {
  if (typeof element !== 'object' || element === null) return null;
  const { id } = element as { id?: unknown };
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? String(id).slice(0, idLength) : null;
}

function valueAt(element: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined),
    element,
  );
}

/**
 * `element` read with `schema`, or, when it does not match, what stands for it in the list (recorded as drift
 * under `where`). `id` names it when the element cannot (a batch read knows the id it asked for).
 */
export function readElement<S extends z.ZodMiniType>(
  schema: S,
  element: unknown,
  where: string,
  id = idOf(element),
): z.output<S> | Unreadable {
  const parsed = schema.safeParse(element);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  recordDrift(where, `${id ?? '(no id)'}: ${issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  const missing = issues.some((issue) => issue.code === 'invalid_type' && valueAt(element, issue.path) === undefined);
  return { unreadable: missing ? 'missing' : 'invalid', id };
}

/** An array whose elements are read one by one with `schema` (readElement): a bad element never fails the list. */
export function eachElement<S extends z.ZodMiniType>(schema: S, where: string) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((elements) => elements.map((element) => readElement(schema, element, where))),
  );
}
