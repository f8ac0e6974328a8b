// `npm start`: builds the browser packages once if their build is missing, then runs the platform in one
// process (API, LRS, content, learner app at /, admin console at /admin/) on embedded PGlite by default.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const missing = workspaces.filter((ws) => {
  const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  return pkg.scripts?.build && !existsSync(path.join(root, ws, 'dist'));
});
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start)...`);
  for (const ws of missing) {
    const result = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
const server = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'lms-api/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 1);
