import yauzl, { type Entry } from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { parseCsv } from './aicc';
import { zipToBuffer } from './archive';
import { fixture, postCourse } from './testing';
import type { AiccManifest, H5pManifest } from './types';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => ({ t, admin } = await createTestAppWith(['admin'])));
afterAll(() => t.close());

/** Every entry of an archive in memory (the H5P fixtures are a few MB). */
function readArchive(file: string): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    const out: { name: string; data: Buffer }[] = [];
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

describe('AICC import', () => {
  it('imports the HACP fixture (2 AUs, CRLF course files) into the settings shape', async () => {
    const res = await postCourse(admin, { title: 'AICC', content_type: 'aicc', version: 'auto' }, { path: fixture('aicc', 'synthetic-hacp-2au.zip') }).expect(201);
    const manifest = res.body.settings.manifest as AiccManifest;
    expect(res.body).toMatchObject({ content_type: 'aicc', version: '4.0', chapter_count: 2 });
    expect(manifest.course).toMatchObject({ id: 'HACP-TEST-001', title: 'HACP Test Course (2 AUs, 1 block)', total_aus: 2, total_blocks: 1 });
    expect(manifest.aus[0]).toMatchObject({
      system_id: 'A1',
      title: 'Scored quiz AU',
      launch_url: 'au/index.html?role=quiz',
      web_launch: 'role=quiz',
      mastery_score: 80,
      max_score: 100,
      max_time_allowed: '00:30:00',
      core_vendor: 'vendor_key=alpha',
      developer_id: 'QUIZ-1',
    });
    expect(manifest.aus[1]).toMatchObject({ system_id: 'A2', title: 'Content AU', launch_url: 'au/index.html?role=content', mastery_score: null });
    expect(manifest.structure).toEqual({ root: ['B1'], B1: ['A1', 'A2'] });
    await admin.get(`/api/v1/content/courses/${res.body.id}/v1/au/index.html`).expect(200);
  });

  it('reads .au columns by header name in any order and case (authoring-tool exports)', async () => {
    const au = '"web_launch","file_name","system_id","mastery_score"\r\n"x=1","start.html","AU9","70"\r\n';
    const zip = await zipToBuffer([
      { name: 'c.crs', data: '[Course]\r\nCourse_ID=C9\r\nCourse_Title=Exported\r\nVersion=4\r\n' },
      { name: 'c.au', data: au },
      { name: 'c.des', data: '"SYSTEM_ID","TITLE"\r\n"AU9","Lesson nine"\r\n' },
      { name: 'c.cst', data: '"block","member"\r\n"root","AU9"\r\n' },
      { name: 'start.html', data: '<!doctype html><title>x</title>' },
    ]);
    const res = await postCourse(admin, { title: 'Export' }, { buffer: zip, filename: 'export.zip' }).expect(201);
    expect((res.body.settings.manifest as AiccManifest).aus[0]).toMatchObject({ system_id: 'AU9', title: 'Lesson nine', launch_url: 'start.html?x=1', mastery_score: 70 });
  });

  it('refuses an AU whose file is missing', async () => {
    const zip = await zipToBuffer([
      { name: 'c.crs', data: '[Course]\r\nCourse_ID=C9\r\n' },
      { name: 'c.au', data: '"System_ID","File_Name"\r\n"A1","missing.html"\r\n' },
    ]);
    const res = await postCourse(admin, { title: 'Broken', content_type: 'aicc' }, { buffer: zip, filename: 'broken.zip' }).expect(400);
    expect(res.body.detail).toBe('The AICC AU "A1" launches "missing.html", which is not in the package.');
  });

  it('parses quoted CSV with doubled quotes, commas and CRLF', () => {
    expect(parseCsv('"a","b ""q""","c,d"\r\n1,2,3\r\n')).toEqual([
      ['a', 'b "q"', 'c,d'],
      ['1', '2', '3'],
    ]);
  });
});

// /work/shared/fixtures/h5p/SOURCES.md
const H5P = [
  { file: 'truefalse-hello-world.h5p', mainLibrary: 'H5P.TrueFalse', title: 'Hello World' },
  { file: 'multichoice-blackcurrant.h5p', mainLibrary: 'H5P.MultiChoice' },
  { file: 'single-choice-set-goji.h5p', mainLibrary: 'H5P.SingleChoiceSet' },
  { file: 'course-presentation-all-libs.h5p', mainLibrary: 'H5P.CoursePresentation' },
  { file: 'interactive-video-local-video.h5p', mainLibrary: 'H5P.InteractiveVideo' },
];

describe('H5P import', () => {
  for (const h5p of H5P) {
    it(`imports ${h5p.file}`, async () => {
      const res = await postCourse(admin, { title: h5p.file, content_type: 'h5p', version: 'auto' }, { path: fixture('h5p', h5p.file) }).expect(201);
      const manifest = res.body.settings.manifest as H5pManifest;
      expect(res.body).toMatchObject({ content_type: 'h5p', chapter_count: 1 });
      expect(manifest.mainLibrary).toBe(h5p.mainLibrary);
      if (h5p.title) expect(manifest.title).toBe(h5p.title);
      // The player (h5p-standalone) reads the package root: h5p.json and content/content.json are served.
      const base = `/api/v1/content/courses/${res.body.id}/v1`;
      await admin.get(`${base}/h5p.json`).expect(200);
      await admin.get(`${base}/content/content.json`).expect(200);
      const [row] = await t.db.query<{ launch_path: string }>('SELECT launch_path FROM courses WHERE id = $1', [res.body.id]);
      expect(row.launch_path).toBe('');
    });
  }

  it('serves the interactive video with HTTP Range (seeking)', async () => {
    const res = await postCourse(admin, { title: 'video' }, { path: fixture('h5p', 'interactive-video-local-video.h5p') }).expect(201);
    const entries = await readArchive(fixture('h5p', 'interactive-video-local-video.h5p'));
    const video = entries.find((entry) => /^content\/videos\/.*\.(mp4|webm)$/.test(entry.name));
    expect(video).toBeDefined();
    const url = `/api/v1/content/courses/${res.body.id}/v1/${video?.name}`;
    const part = await admin.get(url).set('Range', 'bytes=1000-1999').buffer(true).expect(206);
    expect(part.headers['content-type']).toMatch(/^video\//);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video?.data.length}`);
  });

  it('refuses a package with a missing library and names it', async () => {
    const entries = (await readArchive(fixture('h5p', 'truefalse-hello-world.h5p'))).filter((entry) => !entry.name.startsWith('H5P.JoubelUI-1.3/'));
    const zip = await zipToBuffer(entries.map((entry) => ({ name: entry.name, data: entry.data })));
    const res = await postCourse(admin, { title: 'broken', content_type: 'h5p' }, { buffer: zip, filename: 'broken.h5p' }).expect(400);
    expect(res.body.detail).toBe('The H5P package lacks 1 required library: H5P.JoubelUI-1.3.');
  });

  it('detects the type when content_type is not given, and refuses a contradicting one', async () => {
    const detected = await postCourse(admin, { title: 'auto' }, { path: fixture('h5p', 'truefalse-hello-world.h5p') }).expect(201);
    expect(detected.body.content_type).toBe('h5p');
    const wrong = await postCourse(admin, { title: 'wrong', content_type: 'aicc' }, { path: fixture('h5p', 'truefalse-hello-world.h5p') }).expect(400);
    expect(wrong.body.detail).toBe('The content type is aicc, but the file is an H5P package (h5p.json). Choose the matching content type.');
  });
});
