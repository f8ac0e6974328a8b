import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/helpers';
import { zipToBuffer } from './archive';
import { fixture, listTree, minimalScormEntries, postCourse, putPackage, settledTmp } from './testing';

let t: TestApp;
let admin: TestClient;
let learner: { id: number; client: TestClient };
let otherLearner: { id: number; client: TestClient };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signUp({ admin: true })).client;
  learner = await t.signUp();
  otherLearner = await t.signUp();
});
afterAll(() => t.close());

async function progressRows(courseId: number) {
  return t.db.query<{ user_id: number; status: string }>('SELECT user_id, status FROM course_progress WHERE course_id = $1 ORDER BY user_id', [
    courseId,
  ]);
}

async function seedProgress(courseId: number) {
  await t.db.query(
    `INSERT INTO course_progress (user_id, course_id, status, completion_percentage, tracking_data)
     VALUES ($1, $3, 'completed', 100, '{"cmi.core.lesson_status":"completed"}'), ($2, $3, 'in_progress', 40, '{}')`,
    [learner.id, otherLearner.id, courseId],
  );
}

async function createCourse(title = 'Updatable'): Promise<number> {
  const res = await postCourse(admin, { title, content_type: 'scorm' }, { path: fixture('scorm', 'golf-scorm12-runtime-basic-single-sco.zip') }).expect(201);
  return res.body.id as number;
}

describe('PUT /api/v1/courses/id/{id}/package', () => {
  it('puts the new version in a new folder, keeps the previous one, prunes older ones, and keeps progress', async () => {
    const id = await createCourse();
    await seedProgress(id);

    const v2 = await putPackage(admin, id, { reset_progress: false }, { path: fixture('scorm', 'golf-scorm12-runtime-minimum-multi-sco.zip') }).expect(200);
    expect(v2.body).toMatchObject({ id, package_version: 2, version: '1.2', chapter_count: 18, progress_reset: 0 });
    expect((await progressRows(id)).map((row) => row.status)).toEqual(['completed', 'in_progress']);
    let folders = new Set((await listTree(`${t.deps.paths.content}/courses/${id}`)).map((file) => file.split('/')[0]));
    expect([...folders].sort()).toEqual(['v1', 'v2']);
    // A session started on v1 still gets its files.
    await learner.client.get(`/api/v1/content/courses/${id}/v1/shared/launchpage.html`).expect(200);
    const launch = await learner.client.get(`/api/v1/courses/id/${id}/launch`).expect(200);
    expect(launch.body.launch_url).toMatch(new RegExp(`/courses/${id}/v2/`));

    await putPackage(admin, id, {}, { path: fixture('scorm', 'golf-scorm2004-3rd-runtime-basic.zip') }).expect(200);
    folders = new Set((await listTree(`${t.deps.paths.content}/courses/${id}`)).map((file) => file.split('/')[0]));
    expect([...folders].sort()).toEqual(['v2', 'v3']);
    const [row] = await t.db.query<{ package_path: string; version: string }>('SELECT package_path, version FROM courses WHERE id = $1', [id]);
    expect(row).toEqual({ package_path: `courses/${id}/v3`, version: '2004 3rd Edition' });
    expect(await progressRows(id)).toHaveLength(2);
  });

  it('reset_progress=true deletes every learner progress of the course only', async () => {
    const id = await createCourse('Reset');
    const other = await createCourse('Untouched');
    await seedProgress(id);
    await seedProgress(other);
    const res = await putPackage(admin, id, { reset_progress: true }, { path: fixture('scorm', 'golf-scorm12-runtime-basic-single-sco.zip') }).expect(200);
    expect(res.body.progress_reset).toBe(2);
    expect(await progressRows(id)).toEqual([]);
    expect(await progressRows(other)).toHaveLength(2);
  });

  it('a failed update leaves the course, its files and progress as they were', async () => {
    const id = await createCourse('Stable');
    await seedProgress(id);
    const before = await t.db.query('SELECT * FROM courses WHERE id = $1', [id]);
    const filesBefore = await listTree(`${t.deps.paths.content}/courses/${id}`);

    const broken = await zipToBuffer(minimalScormEntries().filter((entry) => entry.name !== 'index.html'));
    const missing = await putPackage(admin, id, { reset_progress: true }, { buffer: broken, filename: 'broken.zip' }).expect(400);
    expect(missing.body.detail).toMatch(/missing from the package: index\.html/);
    const wrongType = await putPackage(admin, id, { reset_progress: true }, { path: fixture('h5p', 'truefalse-hello-world.h5p') }).expect(400);
    expect(wrongType.body.detail).toBe('The content type is scorm, but the file is an H5P package (h5p.json). Choose the matching content type.');
    await putPackage(admin, id, { reset_progress: true }, null).expect(400, { detail: 'Please select a ZIP file to upload.' });
    await putPackage(admin, id, { reset_progress: true, convert_to_webp: true, webp_quality: 101 }, { buffer: broken, filename: 'b.zip' }).expect(400);

    expect(await t.db.query('SELECT * FROM courses WHERE id = $1', [id])).toEqual(before);
    expect(await listTree(`${t.deps.paths.content}/courses/${id}`)).toEqual(filesBefore);
    expect(await progressRows(id)).toHaveLength(2);
    expect(await settledTmp(t.deps.paths.tmp)).toEqual([]);
  });

  it('404 for an unknown course, 401 anonymous, 403 learner', async () => {
    const zip = await zipToBuffer(minimalScormEntries());
    await putPackage(admin, 999_999, {}, { buffer: zip, filename: 'a.zip' }).expect(404);
    const id = await createCourse('Guarded');
    await putPackage(t.client(), id, {}, { buffer: zip, filename: 'a.zip' }).expect(401);
    await putPackage(learner.client, id, {}, { buffer: zip, filename: 'a.zip' }).expect(403);
    const [row] = await t.db.query<{ package_version: number }>('SELECT package_version FROM courses WHERE id = $1', [id]);
    expect(row.package_version).toBe(1);
  });
});
