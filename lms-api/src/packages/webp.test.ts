import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { zipToBuffer } from './archive';
import { fixture, listTree, minimalScormEntries, postCourse, putPackage } from './testing';
import { resolveReference } from './webp';

const GOLF = [
  'golf-scorm12-runtime-basic-single-sco.zip',
  'golf-scorm12-runtime-minimum-multi-sco.zip',
  'golf-scorm2004-2nd-contentpackaging-single-sco.zip',
  'golf-scorm2004-3rd-runtime-basic.zip',
  'golf-scorm2004-3rd-runtime-advanced-interactions-objectives.zip',
  'golf-scorm2004-3rd-seq-forced-sequential.zip',
  'golf-scorm2004-3rd-seq-simple-remediation.zip',
  'golf-scorm2004-3rd-seq-random-test.zip',
  'golf-scorm2004-4th-seq-posttest-rollup.zip',
];

/** Image references in the text files of a package, written independently of the converter's own pattern. */
const IMAGE_REF = /[\w./%-]+\.(?:png|jpe?g|webp|gif)\b/gi;
const TEXT_FILE = /\.(html?|css|js|json|xml)$/i;

interface Reference {
  file: string;
  ref: string;
  resolves: boolean;
}

async function references(dir: string): Promise<Reference[]> {
  const files = await listTree(dir);
  const present = new Set(files);
  const out: Reference[] = [];
  for (const file of files.filter((name) => TEXT_FILE.test(name))) {
    const text = await readFile(path.join(dir, file), 'latin1');
    const from = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    for (const [ref] of text.matchAll(IMAGE_REF)) {
      const candidates = [resolveReference(ref, from), resolveReference(ref, '')];
      out.push({ file, ref, resolves: candidates.some((candidate) => candidate !== null && present.has(candidate)) });
    }
  }
  return out;
}

async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  for (const file of await listTree(dir)) total += (await stat(path.join(dir, file))).size;
  return total;
}

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await createTestAppWith(['admin'])));
afterAll(() => t.close());

describe('WebP conversion of SCORM packages', () => {
  for (const zip of GOLF) {
    it(`converts ${zip}: smaller, and every reference still resolves`, async () => {
      const plain = await postCourse(admin, { title: 'plain' }, { path: fixture('scorm', zip) }).expect(201);
      const webp = await postCourse(admin, { title: 'webp', convert_to_webp: true, webp_quality: 80 }, { path: fixture('scorm', zip) }).expect(201);
      const plainDir = `${t.deps.paths.content}/courses/${plain.body.id}/v1`;
      const webpDir = `${t.deps.paths.content}/courses/${webp.body.id}/v1`;

      expect(webp.body.settings.webp_converted).toBe(true);
      expect(webp.body.import.images_converted).toBeGreaterThan(0);
      expect(webp.body.import.bytes_saved).toBeGreaterThan(0);
      const before = await treeBytes(plainDir);
      const after = await treeBytes(webpDir);
      expect(after).toBeLessThan(before);
      expect(before - after).toBe(webp.body.import.bytes_saved);

      const original = await references(plainDir);
      const converted = await references(webpDir);
      // Same references, in the same places: only their targets changed.
      expect(converted.length).toBe(original.length);
      const brokenBefore = new Set(original.filter((r) => !r.resolves).map((r) => `${r.file} ${r.ref}`));
      const brokenAfter = converted.filter((r) => !r.resolves).map((r) => `${r.file} ${r.ref}`);
      for (const broken of brokenAfter) expect(brokenBefore.has(broken), `${broken} no longer resolves`).toBe(true);
      expect(converted.filter((r) => r.ref.toLowerCase().endsWith('.webp')).length).toBeGreaterThan(0);

      // The converted files are real WebP images and the manifest names them.
      const files = await listTree(webpDir);
      const webpFile = files.find((file) => file.endsWith('.webp')) as string;
      expect((await sharp(path.join(webpDir, webpFile)).metadata()).format).toBe('webp');
      const manifest = await readFile(path.join(webpDir, 'imsmanifest.xml'), 'utf8');
      expect(manifest).toMatch(/\.webp"/);
      const served = await admin.get(`/api/v1/content/courses/${webp.body.id}/v1/${webpFile}`).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });
  }

  it('rewrites only references that resolve to a converted file (./, ../, url(), quotes, query strings)', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 10, b: 10 } } }).png({ compressionLevel: 0 }).toBuffer();
    const zip = await zipToBuffer([
      ...minimalScormEntries(),
      { name: 'img/a.png', data: png },
      { name: 'pages/p.html', data: '<img src="../img/a.png?v=2"><img src=\'./local.png\'><img src="/img/a.png"><img src="http://x.test/img/a.png">' },
      { name: 'pages/local.png', data: png },
      { name: 'css/s.css', data: '.a{background:url(../img/a.png)} .b{background:url("img/a.png")}' },
      { name: 'data.json', data: '{"image":"img/a.png","other":"img/none.png"}' },
    ]);
    const res = await postCourse(admin, { title: 'refs', convert_to_webp: true, webp_lossless: true }, { buffer: zip, filename: 'refs.zip' }).expect(201);
    const dir = `${t.deps.paths.content}/courses/${res.body.id}/v1`;
    expect(await readFile(`${dir}/pages/p.html`, 'utf8')).toBe(
      '<img src="../img/a.webp?v=2"><img src=\'./local.webp\'><img src="/img/a.png"><img src="http://x.test/img/a.png">',
    );
    // `img/a.png` from css/ does not exist (css/img/a.png), but scripts and styles may resolve from the package root.
    expect(await readFile(`${dir}/css/s.css`, 'utf8')).toBe('.a{background:url(../img/a.webp)} .b{background:url("img/a.webp")}');
    expect(await readFile(`${dir}/data.json`, 'utf8')).toBe('{"image":"img/a.webp","other":"img/none.png"}');
    expect(res.body.import.images_converted).toBe(2);
  });

  it('is refused for non-SCORM courses on package update', async () => {
    const h5p = await postCourse(admin, { title: 'h5p' }, { path: fixture('h5p', 'truefalse-hello-world.h5p') }).expect(201);
    const res = await putPackage(admin, h5p.body.id, { convert_to_webp: true }, { path: fixture('h5p', 'truefalse-hello-world.h5p') }).expect(400);
    expect(res.body.detail).toBe('WebP conversion is only available for SCORM courses.');
  });
});
