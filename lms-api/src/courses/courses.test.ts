import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/helpers';
import { insertCourse, type CourseFields } from './store';

let t: TestApp;
let admin: TestClient;
let learner: TestClient;
let learnerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signUp({ admin: true })).client;
  const signedUp = await t.signUp();
  learner = signedUp.client;
  learnerId = signedUp.id;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('DELETE FROM courses');
  await t.db.query('DELETE FROM modules');
});

async function moduleRow(title: string, order: number, isActive = true): Promise<number> {
  const [row] = await t.db.query<{ id: number }>('INSERT INTO modules (title, "order", is_active) VALUES ($1, $2, $3) RETURNING id', [
    title,
    order,
    isActive,
  ]);
  return row.id;
}
const course = (title: string, fields: Partial<CourseFields> = {}) => insertCourse(t.db, { title, content_type: 'scorm', ...fields });
const courseRow = async (id: number) => (await t.db.query('SELECT * FROM courses WHERE id = $1', [id]))[0];
const titles = (body: { title: string }[]) => body.map((c) => c.title);

describe('GET /api/v1/courses/', () => {
  it('orders by module order then level, unassigned last; ordered=false by id', async () => {
    const m2 = await moduleRow('second', 2);
    const m1 = await moduleRow('first', 1);
    await course('unassigned');
    await course('m2-l1', { module_id: m2, level: 1 });
    await course('m1-l2', { module_id: m1, level: 2 });
    await course('m1-l1', { module_id: m1, level: 1 });
    const ordered = await t.client().get('/api/v1/courses/').expect(200);
    expect(titles(ordered.body)).toEqual(['m1-l1', 'm1-l2', 'm2-l1', 'unassigned']);
    const byId = await learner.get('/api/v1/courses/?ordered=false').expect(200);
    expect(titles(byId.body)).toEqual(['unassigned', 'm2-l1', 'm1-l2', 'm1-l1']);
  });

  it('filters by language and hides inactive courses unless an admin asks', async () => {
    await course('en');
    await course('fr', { language: 'fr' });
    await course('off', { is_active: false });
    expect(titles((await learner.get('/api/v1/courses/?language=fr').expect(200)).body)).toEqual(['fr']);
    expect(titles((await learner.get('/api/v1/courses/').expect(200)).body)).toEqual(['en', 'fr']);
    expect(titles((await admin.get('/api/v1/courses/?include_inactive=true').expect(200)).body)).toEqual(['en', 'fr', 'off']);
    await learner.get('/api/v1/courses/?include_inactive=true').expect(403);
    await t.client().get('/api/v1/courses/?include_inactive=true').expect(403);
    expect((await learner.get('/api/v1/courses/?language=xx').expect(400)).body.detail).toBe('language must be equal to one of the allowed values.');
  });

  it('never exposes storage details', async () => {
    await course('packaged', { package_path: 'courses/1/v1', launch_path: 'index.html', settings: { manifest: { version: '1.2' } } });
    const [c] = (await learner.get('/api/v1/courses/').expect(200)).body;
    expect(c).not.toHaveProperty('package_path');
    expect(c).not.toHaveProperty('launch_path');
    expect(c).toMatchObject({ has_package: true, settings: { manifest: { version: '1.2' } } });
  });
});

describe('GET /api/v1/courses/id/{id}', () => {
  it('answers one course; inactive ones only to admins; 404 when unknown', async () => {
    const c = await course('one', { description: 'd', min_score_required: 80 });
    const off = await course('off', { is_active: false });
    const res = await t.client().get(`/api/v1/courses/id/${c.id}`).expect(200);
    expect(res.body).toMatchObject({ id: c.id, title: 'one', description: 'd', min_score_required: 80, content_type: 'scorm', language: 'en', level: 1, has_package: false });
    expect((await learner.get(`/api/v1/courses/id/${off.id}`).expect(404)).body.detail).toBe('Course not found.');
    await admin.get(`/api/v1/courses/id/${off.id}`).expect(200);
    await learner.get('/api/v1/courses/id/999999').expect(404);
    expect((await learner.get('/api/v1/courses/id/0').expect(400)).body.detail).toBe('id must be >= 1.');
  });
});

describe('PUT /api/v1/courses/id/{id}', () => {
  it('updates the given fields and keeps the others', async () => {
    const m = await moduleRow('m', 1);
    const original = await course('Original');
    const c = await course('Old', { description: 'keep me', chapter_count: 2 });
    const res = await admin
      .put(`/api/v1/courses/id/${c.id}`)
      .send({ title: ' New ', language: 'fr', level: 3, module_id: m, min_score_required: 75, is_active: false, version: '2004 4th Edition', original_course_id: original.id, content_type: 'scorm' })
      .expect(200);
    expect(res.body).toMatchObject({
      title: 'New',
      description: 'keep me',
      chapter_count: 2,
      language: 'fr',
      level: 3,
      module_id: m,
      min_score_required: 75,
      is_active: false,
      version: '2004 4th Edition',
      original_course_id: original.id,
    });
    const cleared = await admin.put(`/api/v1/courses/id/${c.id}`).send({ original_course_id: null, min_score_required: null, module_id: null }).expect(200);
    expect(cleared.body).toMatchObject({ original_course_id: null, min_score_required: null, module_id: null, level: 3 });
  });

  it('places a course moved to another module without a level at its end', async () => {
    const m = await moduleRow('m', 1);
    await course('there', { module_id: m, level: 2 });
    const c = await course('mover', { level: 9 });
    expect((await admin.put(`/api/v1/courses/id/${c.id}`).send({ module_id: m }).expect(200)).body.level).toBe(3);
  });

  it('refuses invalid values and translation loops without changing anything', async () => {
    const original = await course('Original');
    const translation = await course('Traduction', { original_course_id: original.id, language: 'fr' });
    const c = await course('C');
    const before = await courseRow(c.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title must NOT have fewer than 1 characters.'],
      [{ title: '   ' }, 'Course title is required.'],
      [{ level: 0 }, 'level must be >= 1.'],
      [{ chapter_count: 0 }, 'chapter_count must be >= 1.'],
      [{ min_score_required: 101 }, 'min_score_required must be <= 100.'],
      [{ min_score_required: -1 }, 'min_score_required must be >= 0.'],
      [{ language: 'es' }, 'language must be equal to one of the allowed values.'],
      [{ content_type: 'pdf' }, 'content_type must be equal to one of the allowed values.'],
      [{ module_id: 424242 }, 'Module 424242 does not exist.'],
      [{ original_course_id: c.id }, 'A course cannot be a translation of itself.'],
      [{ original_course_id: 999999 }, 'Original course 999999 does not exist.'],
      [{ original_course_id: translation.id }, 'The original course cannot itself be a translation.'],
      [{ package_path: '/etc' }, 'package_path is not an allowed field.'],
    ];
    for (const [body, detail] of cases) {
      const res = await admin.put(`/api/v1/courses/id/${c.id}`).send(body);
      expect([res.status, res.body.detail], JSON.stringify(body)).toEqual([400, detail]);
    }
    const loop = await admin.put(`/api/v1/courses/id/${original.id}`).send({ original_course_id: c.id }).expect(400);
    expect(loop.body.detail).toBe('A course that has translations cannot become a translation.');
    expect(await courseRow(c.id)).toEqual(before);
  });

  it('answers 404 for an unknown course, 401 and 403', async () => {
    const c = await course('C');
    expect((await admin.put('/api/v1/courses/id/999999').send({ title: 'x' }).expect(404)).body.detail).toBe('Course not found.');
    await t.client().put(`/api/v1/courses/id/${c.id}`).send({ title: 'x' }).expect(401);
    await learner.put(`/api/v1/courses/id/${c.id}`).send({ title: 'x' }).expect(403);
    expect((await courseRow(c.id)).title).toBe('C');
  });
});

describe('DELETE /api/v1/courses/id/{id}', () => {
  it('removes the course, its progress and its package files', async () => {
    const c = await course('Doomed');
    await t.db.query('UPDATE courses SET package_path = $2, launch_path = $3 WHERE id = $1', [c.id, `courses/${c.id}/v1`, 'index.html']);
    const folder = path.join(t.deps.paths.content, `courses/${c.id}/v1`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), '<html></html>');
    const other = await course('Other');
    await t.db.query('INSERT INTO course_progress (user_id, course_id, status) VALUES ($1, $2, $3), ($1, $4, $3)', [learnerId, c.id, 'in_progress', other.id]);
    await admin.delete(`/api/v1/courses/id/${c.id}`).expect(204);
    expect(await courseRow(c.id)).toBeUndefined();
    expect((await t.db.query('SELECT course_id FROM course_progress WHERE user_id = $1', [learnerId])).map((r) => r.course_id)).toEqual([other.id]);
    expect(existsSync(path.join(t.deps.paths.content, `courses/${c.id}`))).toBe(false);
  });

  it('keeps translations (as originals) when their original goes', async () => {
    const original = await course('Original');
    const translation = await course('Traduction', { original_course_id: original.id });
    await admin.delete(`/api/v1/courses/id/${original.id}`).expect(204);
    expect((await courseRow(translation.id)).original_course_id).toBeNull();
  });

  it('answers 404, 401 and 403, deleting nothing', async () => {
    const c = await course('Kept');
    expect((await admin.delete('/api/v1/courses/id/999999').expect(404)).body.detail).toBe('Course not found.');
    await t.client().delete(`/api/v1/courses/id/${c.id}`).expect(401);
    await learner.delete(`/api/v1/courses/id/${c.id}`).expect(403);
    expect(await courseRow(c.id)).toBeDefined();
  });
});

describe('GET /api/v1/courses/id/{id}/translations', () => {
  it('answers the family (original first) from the original or from a translation', async () => {
    const original = await course('English');
    await course('Français', { original_course_id: original.id, language: 'fr' });
    await course('Deutsch', { original_course_id: original.id, language: 'de' });
    await course('Lëtzebuergesch', { original_course_id: original.id, language: 'lb', is_active: false });
    await course('Unrelated');
    expect(titles((await learner.get(`/api/v1/courses/id/${original.id}/translations`).expect(200)).body)).toEqual(['English', 'Deutsch', 'Français']);
    const fr = (await t.db.query<{ id: number }>("SELECT id FROM courses WHERE title = 'Français'"))[0].id;
    expect(titles((await admin.get(`/api/v1/courses/id/${fr}/translations`).expect(200)).body)).toEqual(['English', 'Deutsch', 'Français', 'Lëtzebuergesch']);
    await learner.get('/api/v1/courses/id/999999/translations').expect(404);
  });
});

describe('single-field course updates', () => {
  it('sets level, minimum score, active flag and module', async () => {
    const m = await moduleRow('m', 1);
    await course('first', { module_id: m, level: 1 });
    const c = await course('C');
    expect((await admin.put(`/api/v1/courses/id/${c.id}/level`).send({ level: 4 }).expect(200)).body.level).toBe(4);
    expect((await admin.put(`/api/v1/courses/id/${c.id}/min-score`).send({ min_score: 60 }).expect(200)).body.min_score_required).toBe(60);
    expect((await admin.put(`/api/v1/courses/id/${c.id}/min-score`).send({ min_score: null }).expect(200)).body.min_score_required).toBeNull();
    expect((await admin.put(`/api/v1/courses/id/${c.id}/active`).send({ is_active: false }).expect(200)).body.is_active).toBe(false);
    const moved = await admin.put(`/api/v1/courses/id/${c.id}/module`).send({ module_id: m }).expect(200);
    expect(moved.body).toMatchObject({ module_id: m, level: 2 });
    expect((await admin.put(`/api/v1/courses/id/${c.id}/module`).send({ module_id: null }).expect(200)).body.module_id).toBeNull();
  });

  it('validates each body, answers 404 and refuses non-admins, changing nothing', async () => {
    const c = await course('C', { level: 2, min_score_required: 50 });
    const before = await courseRow(c.id);
    const cases: [string, unknown, number, string][] = [
      ['level', { level: 0 }, 400, 'level must be >= 1.'],
      ['level', { level: 1.5 }, 400, 'level must be integer.'],
      ['level', {}, 400, 'level is required.'],
      ['min-score', { min_score: 101 }, 400, 'min_score must be <= 100.'],
      ['min-score', { min_score: 'high' }, 400, 'min_score must be number.'],
      ['min-score', {}, 400, 'min_score is required.'],
      ['active', { is_active: 1 }, 400, 'is_active must be boolean.'],
      ['module', {}, 400, 'module_id is required.'],
      ['module', { module_id: 777777 }, 404, 'Module not found.'],
    ];
    for (const [suffix, body, status, detail] of cases) {
      const res = await admin.put(`/api/v1/courses/id/${c.id}/${suffix}`).send(body as object);
      expect([res.status, res.body.detail], `${suffix} ${JSON.stringify(body)}`).toEqual([status, detail]);
    }
    for (const [suffix, body] of [
      ['level', { level: 1 }],
      ['min-score', { min_score: 1 }],
      ['active', { is_active: false }],
      ['module', { module_id: null }],
    ] as const) {
      expect((await admin.put(`/api/v1/courses/id/999999/${suffix}`).send(body).expect(404)).body.detail).toBe('Course not found.');
      await t.client().put(`/api/v1/courses/id/${c.id}/${suffix}`).send(body).expect(401);
      await learner.put(`/api/v1/courses/id/${c.id}/${suffix}`).send(body).expect(403);
    }
    expect(await courseRow(c.id)).toEqual(before);
  });
});

describe('PUT /api/v1/courses/reorder', () => {
  it('sets every level at once', async () => {
    const m = await moduleRow('m', 1);
    const a = await course('a', { module_id: m, level: 1 });
    const b = await course('b', { module_id: m, level: 2 });
    const res = await admin
      .put('/api/v1/courses/reorder')
      .send([
        { course_id: a.id, level: 2 },
        { course_id: b.id, level: 1 },
      ])
      .expect(200);
    expect(titles(res.body)).toEqual(['b', 'a']);
  });

  it('changes no level on unknown ids, duplicates or bad levels; 401/403', async () => {
    const a = await course('a', { level: 1 });
    const b = await course('b', { level: 2 });
    const unknown = await admin
      .put('/api/v1/courses/reorder')
      .send([
        { course_id: b.id, level: 1 },
        { course_id: 888888, level: 2 },
      ])
      .expect(400);
    expect(unknown.body.detail).toBe('Unknown course id(s): 888888.');
    const dup = await admin
      .put('/api/v1/courses/reorder')
      .send([
        { course_id: a.id, level: 2 },
        { course_id: a.id, level: 3 },
      ])
      .expect(400);
    expect(dup.body.detail).toBe('Each course may appear only once in a reorder.');
    expect((await admin.put('/api/v1/courses/reorder').send([{ course_id: a.id, level: 0 }]).expect(400)).body.detail).toBe('0.level must be >= 1.');
    expect((await admin.put('/api/v1/courses/reorder').send({ course_id: a.id }).expect(400)).body.detail).toBe('body must be array.');
    await t.client().put('/api/v1/courses/reorder').send([{ course_id: a.id, level: 5 }]).expect(401);
    await learner.put('/api/v1/courses/reorder').send([{ course_id: a.id, level: 5 }]).expect(403);
    const levels = await t.db.query<{ level: number }>('SELECT level FROM courses ORDER BY id');
    expect(levels.map((r) => r.level)).toEqual([1, 2]);
  });
});

describe('GET /api/v1/courses/id/{id}/launch', () => {
  it('answers the launch URL below /api/v1/content, the version and the manifest settings', async () => {
    const settings = { manifest: { version: '1.2', default_organization: 'ORG' }, webp_converted: false };
    const c = await course('Launchable', { version: '1.2', settings });
    await t.db.query('UPDATE courses SET package_path = $2, launch_path = $3 WHERE id = $1', [c.id, `courses/${c.id}/v1`, 'shared/launch page.html?lesson=1']);
    const res = await learner.get(`/api/v1/courses/id/${c.id}/launch`).expect(200);
    expect(res.body).toEqual({
      launch_url: `/api/v1/content/courses/${c.id}/v1/shared/launch%20page.html?lesson=1`,
      content_type: 'scorm',
      version: '1.2',
      settings,
    });
  });

  it('answers 400 without a package, 404 unknown or inactive, 401 anonymous', async () => {
    const c = await course('Empty');
    expect((await learner.get(`/api/v1/courses/id/${c.id}/launch`).expect(400)).body.detail).toBe('This course has no content package to launch.');
    const off = await course('Off', { is_active: false, package_path: 'courses/x/v1', launch_path: 'index.html' });
    await learner.get(`/api/v1/courses/id/${off.id}/launch`).expect(404);
    await admin.get(`/api/v1/courses/id/${off.id}/launch`).expect(200);
    await learner.get('/api/v1/courses/id/999999/launch').expect(404);
    await t.client().get(`/api/v1/courses/id/${c.id}/launch`).expect(401);
  });
});
