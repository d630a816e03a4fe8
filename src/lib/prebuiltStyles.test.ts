import { expect, it } from 'vitest';
import { markPrebuilt, prebuilt } from './prebuiltStyles';

it("marks a prebuilt stylesheet's classes as inserted whether it loads before or after Emotion's cache is made", () => {
  prebuilt(['common1', 'common2']);
  const inserted: Record<string, string | true | undefined> = { runtime: 'rule' };
  markPrebuilt(inserted);
  expect(inserted).toEqual({ runtime: 'rule', common1: true, common2: true });

  // An area's stylesheet, loaded later: its classes join at once; another area's, never loaded, stay unknown.
  prebuilt(['stock1']);
  expect(inserted).toEqual({ runtime: 'rule', common1: true, common2: true, stock1: true });
  expect(inserted.questions1).toBeUndefined();
});
