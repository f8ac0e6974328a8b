import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { zipToBuffer } from './archive';
import { fixture, listTree, minimalScormEntries, postCourse, settledTmp } from './testing';

let t: TestApp;
let admin: TestClient;
let learner: TestClient;

beforeAll(async () => ({ t, admin, learner } = await createTestAppWith(['admin', 'learner'])));
afterAll(() => t.close());

const GOLF = { path: fixture('scorm', 'golf-scorm12-runtime-basic-single-sco.zip') };
const courseCount = async () => (await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM courses'))[0].count;

describe('POST /api/v1/courses/ (course form)', () => {
  it('creates the course with every form field', async () => {
    const [module] = await t.db.query<{ id: number }>(`INSERT INTO modules (title, "order") VALUES ('M', 1) RETURNING id`);
    const original = await postCourse(admin, { title: 'Original', content_type: 'scorm', version: 'auto' }, GOLF).expect(201);
    const fields = {
      title: 'Traduction',
      description: 'Une description',
      version: '1.2',
      language: 'fr',
      is_active: false,
      level: 3,
      module_id: module.id,
      min_score_required: 80,
      original_course_id: original.body.id as number,
      chapter_count: 4,
    };
    const res = await postCourse(admin, { ...fields, content_type: 'scorm' }, GOLF).expect(201);
    // Every form field comes back as sent.
    expect(res.body).toMatchObject({
      ...fields,
      has_package: true,
      package_version: 1,
      settings: { webp_converted: false },
      import: { images_converted: 0, bytes_saved: 0 },
    });
    // Level defaults to the end of the module.
    const next = await postCourse(admin, { title: 'Next', module_id: module.id }, GOLF).expect(201);
    expect(next.body.level).toBe(4);
  });

  it('imports a package zipped with its folder (and macOS litter) from inside that folder', async () => {
    const entries = minimalScormEntries('Wrapped').map((entry) => ({ ...entry, name: `My course/${entry.name}` }));
    const zip = await zipToBuffer([...entries, { name: '__MACOSX/My course/._index.html', data: 'x' }]);
    const res = await postCourse(admin, { title: 'Wrapped' }, { buffer: zip, filename: 'wrapped.zip' }).expect(201);
    expect(await listTree(`${t.deps.paths.content}/courses/${res.body.id}/v1`)).toEqual(['imsmanifest.xml', 'index.html']);
    const launch = await admin.get(`/api/v1/courses/id/${res.body.id}/launch`).expect(200);
    expect((await admin.get(launch.body.launch_url).expect(200)).text).toContain('<h1>Wrapped</h1>');
  });

  it('launches an entry point whose name has spaces and accents', async () => {
    const [manifest, page] = minimalScormEntries('Été');
    const zip = await zipToBuffer([
      { name: manifest.name, data: manifest.data.replace(/href="index\.html"/g, 'href="pages/ma page été.html"') },
      { name: 'pages/ma page été.html', data: page.data },
    ]);
    const res = await postCourse(admin, { title: 'Accents' }, { buffer: zip, filename: 'accents.zip' }).expect(201);
    const launch = await admin.get(`/api/v1/courses/id/${res.body.id}/launch`).expect(200);
    expect((await admin.get(launch.body.launch_url).expect(200)).text).toContain('<h1>Été</h1>');
  });

  it('serves the package with MIME types and HTTP Range', async () => {
    const res = await postCourse(admin, { title: 'Served' }, GOLF).expect(201);
    const base = `/api/v1/content/courses/${res.body.id}/v1`;
    const page = await learner.get(`${base}/shared/launchpage.html`).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const files = await listTree(`${t.deps.paths.content}/courses/${res.body.id}/v1`);
    const image = files.find((file) => /\.jpe?g$/i.test(file)) as string;
    const whole = await learner.get(`${base}/${image}`).expect(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    const part = await learner.get(`${base}/${image}`).set('Range', 'bytes=0-99').expect(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\//);
    expect(Number(part.headers['content-length'])).toBe(100);
    const css = files.find((file) => file.endsWith('.css')) as string;
    expect((await learner.get(`${base}/${css}`).expect(200)).headers['content-type']).toMatch(/^text\/css/);
  });

  it('reports processing progress under the job id', async () => {
    const jobId = randomUUID();
    const res = await postCourse(admin, { title: 'Tracked', job_id: jobId }, GOLF).expect(201);
    expect(res.body.import.job_id).toBe(jobId);
    const job = await admin.get(`/api/v1/courses/import-jobs/${jobId}`).expect(200);
    expect(job.body).toMatchObject({ id: jobId, stage: 'done', percent: 100, course_id: res.body.id });
    const events = await admin.get(`/api/v1/courses/import-jobs/${jobId}/events`).expect(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.text).toContain('"stage":"done"');

    const failedId = randomUUID();
    await postCourse(admin, { title: 'Bad', job_id: failedId }, { buffer: Buffer.from('nope'), filename: 'x.zip' }).expect(400);
    const failed = await admin.get(`/api/v1/courses/import-jobs/${failedId}`).expect(200);
    expect(failed.body).toMatchObject({ stage: 'failed', message: expect.stringMatching(/not a valid ZIP/) });

    await admin.get(`/api/v1/courses/import-jobs/${randomUUID()}`).expect(404);
    await learner.get(`/api/v1/courses/import-jobs/${jobId}`).expect(403);
    await t.client().get(`/api/v1/courses/import-jobs/${jobId}`).expect(401);
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const text = JSON.stringify((await t.client().get('/api/v1/openapi.json').expect(200)).body);
    expect(text).toContain('/api/v1/courses/import-jobs/{job_id}');
    expect(text).toContain('/api/v1/courses/id/{id}/package');
  });

  describe('refuses bad input without changing anything', () => {
    const cases: [string, Record<string, string | number | boolean>, { path: string } | { buffer: Buffer; filename: string } | null, RegExp][] = [
      ['no file', { title: 'No file' }, null, /^Please select a ZIP file to upload\.$/],
      ['no title', { content_type: 'scorm' }, GOLF, /title is required/],
      ['a wrong content type', { title: 'Wrong', content_type: 'h5p' }, GOLF, /content type is h5p, but the file is a SCORM package/],
      ['a contradicting version', { title: 'Wrong', content_type: 'scorm', version: '2004 4th Edition' }, GOLF, /version is 2004 4th Edition, but the package is SCORM 1\.2/],
      ['an unknown content type', { title: 'Wrong', content_type: 'pdf' }, GOLF, /content_type/],
      ['a WebP quality of 0', { title: 'Q', convert_to_webp: true, webp_quality: 0 }, GOLF, /webp_quality/],
      ['a WebP quality of 101', { title: 'Q', convert_to_webp: true, webp_quality: 101 }, GOLF, /webp_quality/],
      ['a level of 0', { title: 'L', level: 0 }, GOLF, /level/],
      ['a minimum score over 100', { title: 'S', min_score_required: 101 }, GOLF, /min_score_required/],
      ['a chapter count of 0', { title: 'C', chapter_count: 0 }, GOLF, /chapter_count/],
      ['an unknown language', { title: 'L', language: 'es' }, GOLF, /language/],
      ['an unknown module', { title: 'M', module_id: 424242 }, GOLF, /Module 424242 does not exist/],
      ['an unknown original course', { title: 'O', original_course_id: 424242 }, GOLF, /Original course 424242 does not exist/],
      ['a file that is not a package', { title: 'Md' }, { buffer: Buffer.from('# Notes'), filename: 'notes.md' }, /must be a \.zip archive/],
    ];
    for (const [name, fields, file, detail] of cases) {
      it(name, async () => {
        const before = await courseCount();
        const contentBefore = await listTree(t.deps.paths.content);
        const res = await postCourse(admin, fields, file);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.detail).toMatch(detail);
        expect(await courseCount()).toBe(before);
        expect(await listTree(t.deps.paths.content)).toEqual(contentBefore);
        expect(await settledTmp(t.deps.paths.tmp)).toEqual([]);
      });
    }
  });

  it('401 for anonymous and 403 for learners', async () => {
    const before = await courseCount();
    // A small package: the refusal comes before the body is read, so a large upload would be cut off mid-way.
    const zip = { buffer: await zipToBuffer(minimalScormEntries()), filename: 'small.zip' };
    await postCourse(t.client(), { title: 'Anon' }, zip).expect(401);
    await postCourse(learner, { title: 'Learner' }, zip).expect(403);
    expect(await courseCount()).toBe(before);
  });
});
