// Writes FILE.gz (gzip -9) and FILE.br (brotli quality 11) next to each file of a built dist/,
// for hosts that serve precompressed files (nginx gzip_static / brotli_static, Caddy
// precompressed, most static hosts). Run by scripts/post-build.mjs on release builds.
// Usage: node scripts/precompress.mjs [DIST_DIR]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files of `dir` and below, relative paths, precompressed copies left out. */
export function filesOf(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesOf(dir, path));
    else if (entry.isFile() && !/\.(gz|br)$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** The two compressions of `bytes`, as the sizes and the precompressed files use them. */
export function compress(bytes) {
  return {
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  };
}

/** Writes the .gz and .br of every file of `dir`; returns how many files. */
export function precompress(dir) {
  const files = filesOf(dir);
  for (const file of files) {
    const path = join(dir, file);
    const { gzip, brotli } = compress(readFileSync(path));
    writeFileSync(`${path}.gz`, gzip);
    writeFileSync(`${path}.br`, brotli);
  }
  return files.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'dist';
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`precompress.mjs: no directory ${dir}`);
    process.exit(2);
  }
  console.log(`precompress.mjs: ${dir}: .gz and .br next to ${precompress(dir)} files`);
}
