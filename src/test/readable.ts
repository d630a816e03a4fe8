import type { JsonBodyType } from 'msw';
import { isUnreadable, type Unreadable } from '../api/unreadable';

/** The elements of a list answer that a test expects to be all readable: it fails, naming them, when one is not. */
export function allReadable<T extends object>(elements: readonly (T | Unreadable)[]): T[] {
  const unreadable = elements.filter(isUnreadable);
  if (unreadable.length > 0) throw new Error(`Unreadable elements: ${JSON.stringify(unreadable)}`);
  return elements.filter((element): element is T => !isUnreadable(element));
}

/**
 * A list answer's `body` with the element at `index` of its list `key` replaced by what `change` makes of it: a
 * field left out, a value of another kind (for reshapeGet, src/test/http.ts).
 */
export function changeElement(
  body: unknown,
  key: string,
  index: number,
  change: (element: Record<string, JsonBodyType>) => JsonBodyType,
): JsonBodyType {
  const answer = body as Record<string, Record<string, JsonBodyType>[]>;
  return { ...answer, [key]: answer[key]!.map((element, at) => (at === index ? change(element) : element)) };
}
