import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite';

const root = mkdtempSync(path.join(tmpdir(), 'osaps-pglite-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('embedded database folder lock', () => {
  it('keeps data across reopen and releases its lock on close', async () => {
    const dir = path.join(root, 'a');
    const first = await openPglite(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await first.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const second = await openPglite(dir);
    expect(await second.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    await second.close();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = path.join(root, 'b');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(`${dir}.lock`, String(holder.pid));
      await expect(openPglite(dir)).rejects.toThrow(`in use by process ${holder.pid}`);
      expect(existsSync(`${dir}.lock`)).toBe(true);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = path.join(root, 'c');
    const gone = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(`${dir}.lock`, String(gone.pid));
    const db = await openPglite(dir);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.close();
  });
});
