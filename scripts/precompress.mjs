#!/usr/bin/env node
// Precompresses the build for the production server (server/), whose static files plugin serves `x.br` or
// `x.gz` beside `x` by Accept-Encoding: Brotli at its best quality and gzip at level 9, once, at build time.
// index.html is left out: the server rewrites it at start and compresses its own copy.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const outDir = process.env.OUT_DIR ?? 'dist';
const compressible = /\.(js|mjs|css|svg|json|txt|webmanifest|xml)$/;
const minBytes = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(outDir)) {
  const source = readFileSync(path);
  if (source.length < minBytes) continue;
  const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(source, { level: 9 });
  // A compressed copy no smaller than the file would only cost the client a decompression.
  if (br.length < source.length) writeFileSync(`${path}.br`, br);
  if (gz.length < source.length) writeFileSync(`${path}.gz`, gz);
  count++;
}
console.log(`precompress: ${count} files in ${outDir} (.br, .gz)`);
