/**
 * The class names of the prebuilt MUI stylesheets loaded so far (`npm run styles`, scripts/mui-styles.mjs): the
 * common one comes with MUI's theme, each area's own with the area. Emotion's cache (src/app/MuiTheme.tsx) sees
 * them as inserted, so a page does not compile and insert their rules again while it renders; a class of an area
 * not loaded yet stays unknown to it, and is inserted as usual if another part of the app renders it.
 */
const loaded = new Set<string>();
let inserted: Record<string, string | true | undefined> | undefined;

/** A prebuilt stylesheet's classes, once the stylesheet is in the page. */
export function prebuilt(names: readonly string[]) {
  for (const name of names) {
    loaded.add(name);
    if (inserted) inserted[name] = true;
  }
}

/** Emotion's record of inserted classes, which learns every prebuilt class loaded, now and later. */
export function markPrebuilt(emotionInserted: Record<string, string | true | undefined>) {
  inserted = emotionInserted;
  prebuilt([...loaded]);
}
