import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { fixture, listTree } from './testing';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'osaps-cli-'));
// The command line uses embedded PGlite in its own data folder here, whatever the test run's DATABASE_URL.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SECRET_KEY: 'cli-test-secret-key-cli-test-secret-key-0123' };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'lms-api/src/cli/import.ts', ...args], { cwd: repoRoot, env });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run import', () => {
  it('imports a package into a module from the command line', async () => {
    const { stdout } = await cli(fixture('scorm', 'golf-scorm12-runtime-minimum-multi-sco.zip'), '--title', 'Golf CLI', '--language', 'de', '--webp');
    expect(stdout).toMatch(/Imported course 1 "Golf CLI": scorm 1\.2, 18 chapter\(s\)/);
    expect(stdout).toMatch(/image\(s\) converted to WebP/);
    const failed = await cli(fixture('cmi5', 'import-cases', '209-1-not-a-zip.zip')).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/Import refused: The file is not a valid ZIP archive/) });
    const usage = await cli().catch((error: { code: number; stderr: string }) => error);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringMatching(/^Usage: npm run import/) });

    const db = await openPglite(path.join(dataDir, 'pg'));
    try {
      const rows = await db.query<{ title: string; language: string; package_path: string }>('SELECT title, language, package_path FROM courses');
      expect(rows).toEqual([{ title: 'Golf CLI', language: 'de', package_path: 'courses/1/v1' }]);
    } finally {
      await db.close();
    }
    expect(await listTree(path.join(dataDir, 'content/courses/1/v1'))).toContain('imsmanifest.xml');
  });
});
