import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { zipToBuffer } from './archive';
import { fixture, listTree, minimalScormEntries, postCourse, settledTmp } from './testing';

/** Replaces every occurrence of an entry name in the archive bytes (local header and central directory). */
function renameInArchive(zip: Buffer, from: string, to: string): Buffer {
  expect(Buffer.byteLength(from)).toBe(Buffer.byteLength(to));
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  let at = out.indexOf(needle);
  expect(at).toBeGreaterThanOrEqual(0);
  while (at >= 0) {
    Buffer.from(to).copy(out, at);
    at = out.indexOf(needle, at + 1);
  }
  return out;
}

/** Rewrites the declared uncompressed size of every entry to `size` (a lying header). */
function lieAboutSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let i = 0; i < out.length - 4; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (signature === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

/**
 * A ZIP64 archive of `count` empty stored files, written directly (APPNOTE 4.3): building 100,000 entries with a
 * general-purpose zip library takes tens of seconds on a busy machine.
 */
function manyEntriesZip(count: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`f/${i}.txt`);
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const central = Buffer.alloc(46 + name.length);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    name.copy(central, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(count), 24);
  zip64End.writeBigUInt64LE(BigInt(count), 32);
  zip64End.writeBigUInt64LE(BigInt(directory.length), 40);
  zip64End.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(0xffffffff, 16);
  return Buffer.concat([...locals, directory, zip64End, locator, end]);
}

const LIMITS = { maxBytes: 64 * 1024 * 1024, maxEntries: 20_000, maxExpandedBytes: 8 * 1024 * 1024, maxCompressionRatio: 200 };

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await createTestAppWith(['admin'], { upload: LIMITS })));
afterAll(() => t.close());

async function expectRefused(file: { buffer: Buffer; filename: string }, detail: RegExp) {
  const res = await postCourse(admin, { title: 'Hostile', content_type: 'scorm' }, file);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.detail).toMatch(detail);
  // Nothing reached the content folder, and the temporary folders are gone.
  expect(await listTree(t.deps.paths.content)).toEqual([]);
  expect(await settledTmp(t.deps.paths.tmp)).toEqual([]);
  const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM courses');
  expect(count).toBe(0);
  expect(existsSync(path.join(t.config.dataDir, 'evil.txt'))).toBe(false);
}

describe('hostile archives are refused with a 400 and leave nothing behind', () => {
  it('zip-slip: an entry with ../', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'xx/xx/evil.txt', data: 'pwned' }]);
    await expectRefused({ buffer: renameInArchive(zip, 'xx/xx/evil.txt', '../../evil.txt'), filename: 'slip.zip' }, /points outside the package/);
  });

  it('zip-slip with Windows separators: ..\\', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'xxyevil.txt', data: 'pwned' }]);
    await expectRefused({ buffer: renameInArchive(zip, 'xxyevil.txt', '..\\evil.txt'), filename: 'slip.zip' }, /points outside the package/);
  });

  it('an absolute path', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'Xtmp/evil.txt', data: 'pwned' }]);
    await expectRefused({ buffer: renameInArchive(zip, 'Xtmp/evil.txt', '/tmp/evil.txt'), filename: 'abs.zip' }, /absolute path/);
    expect(existsSync('/tmp/evil.txt')).toBe(false);
  });

  it('a drive letter', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'Cx/evil.txt', data: 'pwned' }]);
    await expectRefused({ buffer: renameInArchive(zip, 'Cx/evil.txt', 'C:/evil.txt'), filename: 'drive.zip' }, /absolute path/);
  });

  it('a symbolic link entry', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'link', data: '/etc/passwd', mode: 0o120777 }]);
    await expectRefused({ buffer: zip, filename: 'link.zip' }, /symbolic link/);
  });

  it('100,000 entries', async () => {
    await expectRefused({ buffer: manyEntriesZip(100_000), filename: 'many.zip' }, /100000 entries; at most 20000/);
  });

  it('a small file that expands past the limit', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }]);
    expect(zip.length).toBeLessThan(100 * 1024);
    await expectRefused({ buffer: zip, filename: 'bomb.zip' }, /expands to more than 8388608 bytes/);
  });

  it('an archive whose headers understate the expanded size (bytes are counted while inflating)', async () => {
    const zip = await zipToBuffer([...minimalScormEntries(), { name: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) }]);
    await expectRefused({ buffer: lieAboutSizes(zip, 1000), filename: 'liar.zip' }, /expands to more than|damaged/);
  });

  it('a truncated archive', async () => {
    const whole = await readFile(fixture('scorm', 'golf-scorm12-runtime-basic-single-sco.zip'));
    await expectRefused({ buffer: whole.subarray(0, Math.floor(whole.length / 2)), filename: 'truncated.zip' }, /not a valid ZIP archive/);
  });

  it('a file that is not a ZIP archive', async () => {
    await expectRefused({ buffer: Buffer.from('just some text, not an archive\n'.repeat(20)), filename: 'text.zip' }, /not a valid ZIP archive/);
  });

  it('an archive with no recognisable package', async () => {
    const zip = await zipToBuffer([{ name: 'readme.txt', data: 'hello' }]);
    await expectRefused({ buffer: zip, filename: 'empty.zip' }, /no imsmanifest\.xml/);
  });

  it('a manifest that references missing files names them', async () => {
    const entries = minimalScormEntries().filter((entry) => entry.name !== 'index.html');
    await expectRefused({ buffer: await zipToBuffer(entries), filename: 'missing.zip' }, /missing from the package: index\.html/);
  });

  it('an upload over the size limit is a 413', async () => {
    // Small sizes: the whole request fits in the socket buffers, so the early answer does not break the upload.
    const small = await createTestApp({ upload: { ...LIMITS, maxBytes: 512 } });
    try {
      const client = (await small.signUp({ admin: true })).client;
      const zip = await zipToBuffer(minimalScormEntries().map((entry) => ({ ...entry, compress: false })));
      expect(zip.length).toBeGreaterThan(512);
      const res = await postCourse(client, { title: 'Big' }, { buffer: zip, filename: 'big.zip' });
      expect(res.status).toBe(413);
      expect(await listTree(small.deps.paths.content)).toEqual([]);
      expect(await settledTmp(small.deps.paths.tmp)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('still accepts a well-formed package afterwards', async () => {
    const zip = await zipToBuffer(minimalScormEntries('Fine'));
    const res = await postCourse(admin, { title: 'Fine' }, { buffer: zip, filename: 'fine.zip' }).expect(201);
    expect(res.body.version).toBe('1.2');
    expect(await settledTmp(t.deps.paths.tmp)).toEqual([]);
  });
});
