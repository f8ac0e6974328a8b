// Prints the size of the built console (raw and gzip), and what the first page load fetches.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const assets = path.join(dist, 'assets');
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const files = readdirSync(assets)
  .map((name) => {
    const content = readFileSync(path.join(assets, name));
    return { name, raw: statSync(path.join(assets, name)).size, gzip: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => b.raw - a.raw);
for (const f of files) console.log(`${f.name.padEnd(44)} ${kb(f.raw).padStart(10)} ${kb(f.gzip).padStart(10)} gzip`);
const total = files.reduce((s, f) => ({ raw: s.raw + f.raw, gzip: s.gzip + f.gzip }), { raw: 0, gzip: 0 });
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = files.filter((f) => html.includes(f.name));
const first = initial.reduce((s, f) => ({ raw: s.raw + f.raw, gzip: s.gzip + f.gzip }), { raw: 0, gzip: 0 });
console.log(`total: ${kb(total.raw)} (${kb(total.gzip)} gzip) in ${files.length} files`);
console.log(`first load (index.html entry): ${kb(first.raw)} (${kb(first.gzip)} gzip); pages load the rest on demand`);
