import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { fixture, listTree, postCourse, settledTmp } from './testing';
import type { Cmi5Au, Cmi5Block, Cmi5Manifest } from './types';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await createTestAppWith(['admin'])));
afterAll(() => t.close());

// /work/shared/fixtures/cmi5/SOURCES.md
const EXAMPLES = [
  { zip: 'catapult-single-au-basic.zip', aus: 1 },
  { zip: 'catapult-masteryscore-ownwindow.zip', aus: 1, masteryScore: 0.3, launchMethod: 'OwnWindow' },
  { zip: 'catapult-multi-au.zip', aus: 8 },
  { zip: 'catapult-pre-post-test-blocks.zip', aus: 6, blocks: 2 },
];

describe('cmi5 import', () => {
  for (const example of EXAMPLES) {
    it(`imports ${example.zip}`, async () => {
      const res = await postCourse(admin, { title: example.zip, content_type: 'cmi5', version: 'auto' }, { path: fixture('cmi5', example.zip) }).expect(201);
      const manifest = res.body.settings.manifest as Cmi5Manifest;
      expect(res.body).toMatchObject({ content_type: 'cmi5', version: '1.0', chapter_count: example.aus });
      expect(manifest.aus).toHaveLength(example.aus);
      expect(manifest.course.id).toMatch(/^https:\/\/w3id\.org\/xapi\/cmi5\/catapult\//);
      expect(manifest.course.title).not.toBe('');
      for (const au of manifest.aus) {
        expect(au.id).toMatch(/^https:\/\//);
        expect(au.title).not.toMatch(/^\s|\s$/);
        // Every AU's entry file is in the stored package and served.
        await admin.get(`/api/v1/content/courses/${res.body.id}/v1/${au.launch_url.split('?')[0]}`).expect(200);
      }
      if (example.masteryScore) expect(manifest.aus[0]).toMatchObject({ masteryScore: example.masteryScore, launchMethod: example.launchMethod });
      if (example.blocks) {
        const blocks = manifest.structure.filter((node): node is Cmi5Block => 'children' in node);
        expect(blocks).toHaveLength(example.blocks);
        expect(blocks.map((block) => block.children.length)).toEqual([3, 3]);
        expect((blocks[0].children[0] as Cmi5Au).moveOn).toBe('Passed');
      }
    });
  }

  it('keeps the AU query strings of the multi-AU course (merged with launch parameters at launch)', async () => {
    const res = await postCourse(admin, { title: 'multi' }, { path: fixture('cmi5', 'catapult-multi-au.zip') }).expect(201);
    const manifest = res.body.settings.manifest as Cmi5Manifest;
    expect(manifest.aus.map((au) => au.launch_url)).toContain('index.html?pages=quiz&complete=quiz');
    expect(manifest.aus.map((au) => au.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(manifest.aus.some((au) => au.moveOn === 'CompletedAndPassed')).toBe(true);
  });
});

describe('cmi5 import cases (CATAPULT LMS test suite)', () => {
  // Despite its name the file holds AUs /0 to /1000: 1001 AUs.
  it('101: a bare XML course structure with 1001 remote AUs', async () => {
    const res = await postCourse(admin, { title: '1000 AUs', content_type: 'cmi5' }, { path: fixture('cmi5', 'import-cases', '101-one-thousand-aus.xml') }).expect(201);
    const manifest = res.body.settings.manifest as Cmi5Manifest;
    expect(manifest.aus).toHaveLength(1001);
    expect(res.body.chapter_count).toBe(1001);
    expect(manifest.aus[1000].launch_url).toBe('http://example.com/index.html');
    expect(manifest.aus[1000].id).toBe('https://w3id.org/xapi/cmi5/catapult/lts/au/0002-one-thousand-aus/1000');
    // The launch entry of a remote-only course is the first AU's absolute URL.
    const [row] = await t.db.query<{ launch_path: string }>('SELECT launch_path FROM courses WHERE id = $1', [res.body.id]);
    expect(row.launch_path).toBe('http://example.com/index.html');
  });

  it('102: a ZIP64 archive', async () => {
    const res = await postCourse(admin, { title: 'zip64' }, { path: fixture('cmi5', 'import-cases', '102-zip64.zip') }).expect(201);
    expect(res.body.content_type).toBe('cmi5');
    expect((res.body.settings.manifest as Cmi5Manifest).aus[0].launch_url).toBe('index.html');
  });

  const REJECTED: [string, RegExp][] = [
    ['201-1-iris-course-id.xml', /course id "w3id\.org\/.*" is not an IRI/],
    ['201-2-iris-block-id.xml', /block id "w3id\.org\/.*" is not an IRI/],
    ['201-3-iris-au-id.xml', /AU id "w3id\.org\/.*" is not an IRI/],
    ['201-4-iris-objective-id.xml', /objective id "w3id\.org\/.*" is not an IRI/],
    ['202-1-relative-url-no-zip.xml', /relative url "index\.html", but a course structure uploaded without a ZIP package must use absolute URLs/],
    ['202-2-relative-url-no-zip.xml', /relative url "path\/1\/index\.html"/],
    ['202-3-relative-url-no-zip.xml', /relative url "index\.html\?abc=def"/],
    ['202-4-relative-url-no-zip.xml', /relative url "path\/1\/index\.html\?abc=def"/],
    ['202-5-relative-url-no-zip.xml', /relative url "\/index\.html"/],
    ['203-1-relative-url-no-reference.zip', /launches "not-found\.html", but not-found\.html is not in the package/],
    ['204-query-string-conflict-endpoint.xml', /already has the query parameter "endpoint"/],
    ['205-1-duplicated-block.xml', /block id ".*" is used more than once/],
    ['205-2-duplicated-objective.xml', /objective id ".*" is used more than once/],
    ['205-3-duplicated-au.xml', /AU id ".*" is used more than once/],
    ['206-1-invalid-au-url.xml', /url "http:\/\/example\.com index\.html" .* is not a valid URL/],
    ['207-1-invalid-courseStructure.xml', /does not match the cmi5 course structure schema: in <au id=".*">, expected <title> but found <url>/],
    ['208-1-invalid-package.md', /must be a \.zip archive/],
    ['209-1-not-a-zip.zip', /not a valid ZIP archive/],
    ['210-1-no-cmi5-xml.zip', /no cmi5\.xml at its root/],
  ];
  for (const [file, detail] of REJECTED) {
    it(`rejects ${file}`, async () => {
      const res = await postCourse(admin, { title: file, content_type: 'cmi5' }, { path: fixture('cmi5', 'import-cases', file) });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    });
  }

  it('left nothing behind for the rejected cases', async () => {
    const stored = await listTree(`${t.deps.paths.content}/courses`);
    const folders = new Set(stored.map((file) => file.split('/')[0]));
    const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM courses');
    expect(folders.size).toBe(count);
    expect(await settledTmp(t.deps.paths.tmp)).toEqual([]);
  });
});
