// Prints minified and min+gzip sizes of scorm-player beside scorm-again 3.4.3's published bundles.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: path.join(root, 'src'), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'ScormPlayer',
    target: ['es2019'],
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0].contents;
}

function row(name, bytes) {
  const gz = gzipSync(bytes, { level: 9 }).length;
  console.log(`${name.padEnd(48)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB min   ${(gz / 1024).toFixed(1).padStart(6)} KB min+gzip`);
  return gz;
}

console.log('scorm-player (esbuild --minify, gzip -9)');
row('both APIs (Scorm12Api + Scorm2004Api)', await bundle("export { Scorm12Api } from './scorm12/api.ts'; export { Scorm2004Api } from './scorm2004/api.ts';"));
row('SCORM 1.2 API only', await bundle("export { Scorm12Api } from './scorm12/api.ts';"));
row('SCORM 2004 API only', await bundle("export { Scorm2004Api } from './scorm2004/api.ts';"));
row('whole library (APIs + session + HTTP adapter)', await bundle("export * from './index.ts';"));

const againDir = path.resolve(path.dirname(require.resolve('scorm-again/scorm12/min')), '..');
const againVersion = JSON.parse(readFileSync(path.join(againDir, 'package.json'), 'utf8')).version;
console.log(`\nscorm-again ${againVersion} (its published .min.js files)`);
row('scorm12.min.js', readFileSync(path.join(againDir, 'dist/scorm12.min.js')));
row('scorm2004.min.js', readFileSync(path.join(againDir, 'dist/scorm2004.min.js')));
row('scorm-again.min.js (both)', readFileSync(path.join(againDir, 'dist/scorm-again.min.js')));
