import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePoFile } from '@lingui/format-po';
import type { Plugin } from 'vite';

/** A page's words in one locale, as its PageHeader shows them (src/components/PageHeader.tsx). */
interface PageFrame {
  title: string;
  intro?: string;
}

/** By path (`/questions/queue`), then by locale. */
export type PageFrames = Record<string, Record<string, PageFrame>>;

/** A page's heading and intro carry an explicit id naming the path they head: `page:/questions:intro`. */
const frameId = /^page:(\/[\w/-]*):(title|intro)$/;

/** The frames of every page whose heading is marked so, from the areas' catalogs in `featuresDir`. */
export function readPageFrames(featuresDir: string): PageFrames {
  const frames: PageFrames = {};
  for (const area of readdirSync(featuresDir)) {
    const folder = join(featuresDir, area, 'locales');
    let files: string[];
    try {
      files = readdirSync(folder).filter((name) => name.endsWith('.po'));
    } catch {
      continue;
    }
    for (const file of files) {
      const locale = file.slice(0, -'.po'.length);
      for (const item of parsePoFile(readFileSync(join(folder, file), 'utf8')).items) {
        const [, path, part] = item.msgid.match(frameId) ?? [];
        const text = item.msgstr[0];
        if (!path || !part || !text) continue;
        const frame = ((frames[path] ??= {})[locale] ??= { title: '' });
        if (part === 'title') frame.title = text;
        else frame.intro = text;
      }
    }
  }
  return frames;
}

/**
 * The words of each page's first screen, for the server to write into the page it serves (server/src/web.ts), so
 * that the first paint shows the page's heading and intro in the seller's language before any script has run:
 * `.vite/page-frames.json` in the build, beside Vite's manifest (not served).
 */
export function pageFrames(): Plugin {
  return {
    name: 'seller-desk-page-frames',
    apply: 'build',
    generateBundle() {
      const frames = readPageFrames(join(import.meta.dirname, '../src/features'));
      this.emitFile({ type: 'asset', fileName: '.vite/page-frames.json', source: JSON.stringify(frames) });
    },
  };
}
