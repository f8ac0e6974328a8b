import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseConfig } from '../config/config';
import { openDatabase } from '../db/index';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'osaps-cli-'));
// Embedded PGlite in a temporary folder: the command migrates and writes it like a first start would.
const env = { ...process.env, DATA_DIR: dataDir, SECRET_KEY: 'cli-test-secret-cli-test-secret-0123456789', DATABASE_URL: '' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const createAdmin = (args: string[]) =>
  run(path.join(repoRoot, 'node_modules/.bin/tsx'), ['lms-api/src/cli/create-admin.ts', ...args], { cwd: repoRoot, env });

describe('npm run create-admin', () => {
  it('creates an administrator whose printed ID signs in as admin', async () => {
    const { stdout } = await createAdmin(['--nickname', 'Head of office']);
    expect(stdout).toContain('nickname "Head of office"');
    const anonymousId = /^ {2}([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})$/m.exec(stdout)?.[1];
    expect(anonymousId).toBeDefined();

    const config = parseConfig(env);
    const db = await openDatabase(config);
    try {
      const { app } = createApp({ config, db, serveWebApps: false });
      const me = await request(app).get('/api/v1/users/me').set('Authorization', `Bearer ${anonymousId}`).expect(200);
      expect(me.body).toMatchObject({ nickname: 'Head of office', is_admin: true });
      await request(app).get('/api/v1/admin/stats').set('Authorization', `Bearer ${anonymousId}`).expect(200);
      const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE is_admin');
      expect(count).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('refuses unknown options and too long nicknames without creating anyone', async () => {
    await expect(createAdmin(['--name', 'x'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run create-admin') });
    await expect(createAdmin(['--nickname', 'x'.repeat(51)])).rejects.toMatchObject({ code: 2 });
    const db = await openDatabase(parseConfig(env));
    try {
      const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(count).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('stops with a message on bad configuration', async () => {
    await expect(
      run(path.join(repoRoot, 'node_modules/.bin/tsx'), ['lms-api/src/cli/create-admin.ts'], { cwd: repoRoot, env: { ...env, PORT: 'eighty' } }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Configuration error: PORT must be a whole number') });
  });
});
