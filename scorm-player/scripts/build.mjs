// Builds dist/: an ES module (for bundlers and <script type="module">) and a single classic
// script (IIFE) that exposes the global ScormPlayer, both minified with source maps.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const common = {
  entryPoints: [path.join(root, 'src/index.ts')],
  bundle: true,
  minify: true,
  sourcemap: true,
  target: ['es2019'],
  legalComments: 'none',
  logLevel: 'info',
};

await Promise.all([
  build({ ...common, format: 'esm', outfile: path.join(root, 'dist/scorm-player.js') }),
  build({ ...common, format: 'iife', globalName: 'ScormPlayer', outfile: path.join(root, 'dist/scorm-player.iife.js') }),
]);
