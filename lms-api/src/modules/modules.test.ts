import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestAppWith, type TestApp, type TestClient } from '../test/helpers';
import { insertCourse } from '../courses/store';

// Smallest valid PNG (1x1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
const EVIL_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');

let t: TestApp;
let admin: TestClient;
let learner: TestClient;

beforeAll(async () => ({ t, admin, learner } = await createTestAppWith(['admin', 'learner'])));
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query('DELETE FROM courses');
  await t.db.query('DELETE FROM modules');
  rmSync(path.join(t.deps.paths.content, 'modules'), { recursive: true, force: true });
});

const imagesOnDisk = () => {
  const dir = path.join(t.deps.paths.content, 'modules');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const modulesInDb = () => t.db.query<{ id: number; title: string; order: number; image_path: string | null; is_active: boolean }>(
  'SELECT id, title, "order", image_path, is_active FROM modules ORDER BY id',
);

function createModule(fields: Record<string, string>, image?: { data: Buffer; filename: string; contentType: string }) {
  let req = admin.post('/api/v1/modules/');
  for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
  if (image) req = req.attach('image', image.data, { filename: image.filename, contentType: image.contentType });
  return req;
}

async function course(title: string, fields: { module_id?: number | null; level?: number; is_active?: boolean } = {}) {
  return insertCourse(t.db, { title, content_type: 'scorm', ...fields });
}

describe('POST /api/v1/modules/', () => {
  it('creates a module with texts in four languages, an auto-assigned order and a PNG image served under /content', async () => {
    const first = await createModule({ title: 'First' }).expect(201);
    expect(first.body.order).toBe(1);
    const res = await createModule(
      { title: ' Second ', title_fr: 'Deuxième', title_de: 'Zweiter', title_lb: 'Zweeten', description: 'About', description_fr: 'À propos', is_active: 'false' },
      { data: PNG, filename: 'logo.png', contentType: 'image/png' },
    ).expect(201);
    expect(res.body).toMatchObject({
      title: 'Second',
      title_fr: 'Deuxième',
      title_de: 'Zweiter',
      title_lb: 'Zweeten',
      description: 'About',
      description_fr: 'À propos',
      description_de: null,
      order: 2,
      is_active: false,
      course_count: 0,
    });
    expect(res.body.image_path).toMatch(/^modules\/[0-9a-f-]{36}\.png$/);
    expect(res.body.image_url).toBe(`/api/v1/content/${res.body.image_path}`);
    const served = await t.client().get(res.body.image_url).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
  });

  it('accepts SVG images and a given order, making room at that position', async () => {
    await createModule({ title: 'A' }).expect(201);
    await createModule({ title: 'B' }).expect(201);
    const res = await createModule({ title: 'C', order: '1' }, { data: SVG, filename: 'icon.svg', contentType: 'image/svg+xml' }).expect(201);
    expect(res.body.image_path).toMatch(/\.svg$/);
    expect((await modulesInDb()).map((m) => [m.title, m.order])).toEqual([
      ['A', 2],
      ['B', 3],
      ['C', 1],
    ]);
  });

  it('refuses a missing title with the spec message and stores nothing', async () => {
    const res = await createModule({ description: 'no title' }, { data: PNG, filename: 'a.png', contentType: 'image/png' }).expect(400);
    expect(res.body).toEqual({ detail: 'Module title is required.' });
    const blank = await createModule({ title: '   ' }).expect(400);
    expect(blank.body.detail).toBe('Module title is required.');
    expect(await modulesInDb()).toEqual([]);
    expect(imagesOnDisk()).toEqual([]);
  });

  it('refuses an order below 1, a non-image, a fake image and an SVG with script', async () => {
    expect((await createModule({ title: 'x', order: '0' }).expect(400)).body.detail).toBe('order must be >= 1.');
    expect((await createModule({ title: 'x', order: 'abc' }).expect(400)).body.detail).toBe('order must be integer.');
    const text = await createModule({ title: 'x' }, { data: Buffer.from('hello'), filename: 'a.txt', contentType: 'text/plain' }).expect(400);
    expect(text.body.detail).toBe('The module image must be an image file.');
    const fake = await createModule({ title: 'x' }, { data: Buffer.from('not a png at all'), filename: 'a.png', contentType: 'image/png' }).expect(400);
    expect(fake.body.detail).toBe('The file is not a valid image.');
    const evil = await createModule({ title: 'x' }, { data: EVIL_SVG, filename: 'a.svg', contentType: 'image/svg+xml' }).expect(400);
    expect(evil.body.detail).toBe('SVG images must not contain scripts or event handlers.');
    expect(await modulesInDb()).toEqual([]);
    expect(imagesOnDisk()).toEqual([]);
  });

  it('refuses an image over 5 MB with 413 and keeps nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await createModule({ title: 'x' }, { data: big, filename: 'big.png', contentType: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('File image is larger than 5242880 bytes.');
    expect(await modulesInDb()).toEqual([]);
    expect(imagesOnDisk()).toEqual([]);
  });

  it('refuses a JSON body and unknown fields', async () => {
    const json = await admin.post('/api/v1/modules/').send({ title: 'x' }).expect(400);
    expect(json.body.detail).toBe('Expected a multipart/form-data request.');
    const extra = await createModule({ title: 'x', colour: 'red' }).expect(400);
    expect(extra.body.detail).toBe('colour is not an allowed field.');
  });

  it('answers 401 anonymous and 403 to learners', async () => {
    await t.client().post('/api/v1/modules/').field('title', 'x').expect(401);
    await learner.post('/api/v1/modules/').field('title', 'x').expect(403);
    expect(await modulesInDb()).toEqual([]);
  });
});

describe('PUT /api/v1/modules/id/{id}', () => {
  async function moduleWithImage() {
    return (await createModule({ title: 'Old', title_fr: 'Ancien', order: '1' }, { data: PNG, filename: 'a.png', contentType: 'image/png' }).expect(201)).body;
  }

  it('updates texts and keeps the image when none is sent; absent optional texts are cleared', async () => {
    const module = await moduleWithImage();
    const res = await admin.put(`/api/v1/modules/id/${module.id}`).field('title', 'New').field('description', 'D').expect(200);
    expect(res.body).toMatchObject({ title: 'New', description: 'D', title_fr: null, image_path: module.image_path, order: 1, is_active: true });
    expect(imagesOnDisk()).toEqual([path.basename(module.image_path)]);
  });

  it('replaces the image and deletes the old file', async () => {
    const module = await moduleWithImage();
    const res = await admin
      .put(`/api/v1/modules/id/${module.id}`)
      .field('title', 'Old')
      .attach('image', SVG, { filename: 'b.svg', contentType: 'image/svg+xml' })
      .expect(200);
    expect(res.body.image_path).toMatch(/\.svg$/);
    expect(imagesOnDisk()).toEqual([path.basename(res.body.image_path)]);
  });

  it('removes the image with keep_existing_image=false', async () => {
    const module = await moduleWithImage();
    const res = await admin.put(`/api/v1/modules/id/${module.id}`).field('title', 'Old').field('keep_existing_image', 'false').expect(200);
    expect(res.body.image_path).toBeNull();
    expect(res.body.image_url).toBeNull();
    expect(imagesOnDisk()).toEqual([]);
  });

  it('moves the module to a given order and toggles is_active', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    await createModule({ title: 'B' }).expect(201);
    await admin.put(`/api/v1/modules/id/${a.id}`).field('title', 'A').field('order', '2').field('is_active', 'false').expect(200);
    expect((await modulesInDb()).map((m) => [m.title, m.order, m.is_active])).toEqual([
      ['A', 2, false],
      ['B', 3, true],
    ]);
  });

  it('refuses a missing title and a bad image without changing anything', async () => {
    const module = await moduleWithImage();
    const before = await modulesInDb();
    expect((await admin.put(`/api/v1/modules/id/${module.id}`).field('description', 'x').expect(400)).body.detail).toBe('Module title is required.');
    await admin
      .put(`/api/v1/modules/id/${module.id}`)
      .field('title', 'Changed')
      .attach('image', EVIL_SVG, { filename: 'e.svg', contentType: 'image/svg+xml' })
      .expect(400);
    expect(await modulesInDb()).toEqual(before);
    expect(imagesOnDisk()).toEqual([path.basename(module.image_path)]);
  });

  it('answers 404 for an unknown module (the uploaded image is not kept) and 401/403', async () => {
    const res = await admin
      .put('/api/v1/modules/id/99999')
      .field('title', 'x')
      .attach('image', PNG, { filename: 'a.png', contentType: 'image/png' })
      .expect(404);
    expect(res.body.detail).toBe('Module not found.');
    expect(imagesOnDisk()).toEqual([]);
    await t.client().put('/api/v1/modules/id/1').field('title', 'x').expect(401);
    await learner.put('/api/v1/modules/id/1').field('title', 'x').expect(403);
  });
});

describe('DELETE /api/v1/modules/id/{id}', () => {
  it('refuses while courses are assigned and leaves the module and its courses', async () => {
    const module = (await createModule({ title: 'Busy' }, { data: PNG, filename: 'a.png', contentType: 'image/png' }).expect(201)).body;
    await course('C1', { module_id: module.id });
    const res = await admin.delete(`/api/v1/modules/id/${module.id}`).expect(400);
    expect(res.body).toEqual({ detail: 'Cannot delete module with assigned courses.' });
    expect((await modulesInDb()).length).toBe(1);
    expect((await t.db.query('SELECT id FROM courses WHERE module_id = $1', [module.id])).length).toBe(1);
    expect(imagesOnDisk().length).toBe(1);
  });

  it('deletes an empty module and its image', async () => {
    const module = (await createModule({ title: 'Empty' }, { data: PNG, filename: 'a.png', contentType: 'image/png' }).expect(201)).body;
    await admin.delete(`/api/v1/modules/id/${module.id}`).expect(204);
    expect(await modulesInDb()).toEqual([]);
    expect(imagesOnDisk()).toEqual([]);
    await t.client().get(module.image_url).expect(404);
  });

  it('answers 404, 400 for a bad id, 401 and 403', async () => {
    expect((await admin.delete('/api/v1/modules/id/4242').expect(404)).body.detail).toBe('Module not found.');
    expect((await admin.delete('/api/v1/modules/id/abc').expect(400)).body.detail).toBe('id must be integer.');
    const module = (await createModule({ title: 'Kept' }).expect(201)).body;
    await t.client().delete(`/api/v1/modules/id/${module.id}`).expect(401);
    await learner.delete(`/api/v1/modules/id/${module.id}`).expect(403);
    expect((await modulesInDb()).length).toBe(1);
  });
});

describe('PUT /api/v1/modules/id/{id}/active', () => {
  it('activates and deactivates', async () => {
    const module = (await createModule({ title: 'M' }).expect(201)).body;
    expect((await admin.put(`/api/v1/modules/id/${module.id}/active`).send({ is_active: false }).expect(200)).body.is_active).toBe(false);
    expect((await admin.put(`/api/v1/modules/id/${module.id}/active`).send({ is_active: true }).expect(200)).body.is_active).toBe(true);
  });

  it('validates, answers 404 and refuses non-admins', async () => {
    const module = (await createModule({ title: 'M' }).expect(201)).body;
    expect((await admin.put(`/api/v1/modules/id/${module.id}/active`).send({}).expect(400)).body.detail).toBe('is_active is required.');
    expect((await admin.put(`/api/v1/modules/id/${module.id}/active`).send({ is_active: 'no' }).expect(400)).body.detail).toBe(
      'is_active must be boolean.',
    );
    await admin.put('/api/v1/modules/id/9999/active').send({ is_active: true }).expect(404);
    await t.client().put(`/api/v1/modules/id/${module.id}/active`).send({ is_active: false }).expect(401);
    await learner.put(`/api/v1/modules/id/${module.id}/active`).send({ is_active: false }).expect(403);
    expect((await modulesInDb())[0].is_active).toBe(true);
  });
});

describe('PUT /api/v1/modules/reorder', () => {
  it('sets every position at once', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    const b = (await createModule({ title: 'B' }).expect(201)).body;
    const res = await admin
      .put('/api/v1/modules/reorder')
      .send([
        { module_id: a.id, order: 2 },
        { module_id: b.id, order: 1 },
      ])
      .expect(200);
    expect(res.body.map((m: { title: string }) => m.title)).toEqual(['B', 'A']);
  });

  it('changes no order on unknown ids, duplicates or bad positions', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    const b = (await createModule({ title: 'B' }).expect(201)).body;
    const before = await modulesInDb();
    const unknown = await admin
      .put('/api/v1/modules/reorder')
      .send([
        { module_id: b.id, order: 1 },
        { module_id: 99999, order: 2 },
      ])
      .expect(400);
    expect(unknown.body.detail).toBe('Unknown module id(s): 99999.');
    const dup = await admin
      .put('/api/v1/modules/reorder')
      .send([
        { module_id: a.id, order: 2 },
        { module_id: a.id, order: 1 },
      ])
      .expect(400);
    expect(dup.body.detail).toBe('Each module may appear only once in a reorder.');
    expect((await admin.put('/api/v1/modules/reorder').send([{ module_id: a.id, order: 0 }]).expect(400)).body.detail).toBe(
      '0.order must be >= 1.',
    );
    expect((await admin.put('/api/v1/modules/reorder').send([]).expect(400)).body.detail).toBe('body must NOT have fewer than 1 items.');
    expect(await modulesInDb()).toEqual(before);
    await t.client().put('/api/v1/modules/reorder').send([{ module_id: a.id, order: 1 }]).expect(401);
    await learner.put('/api/v1/modules/reorder').send([{ module_id: a.id, order: 1 }]).expect(403);
  });
});

describe('reading modules', () => {
  it('lists active modules by order; inactive ones only for admins who ask', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    await createModule({ title: 'B', is_active: 'false' }).expect(201);
    await createModule({ title: 'C', order: '1' }).expect(201);
    await course('in A', { module_id: a.id });
    const pub = await t.client().get('/api/v1/modules/').expect(200);
    expect(pub.body.map((m: { title: string }) => m.title)).toEqual(['C', 'A']);
    expect(pub.body[1].course_count).toBe(1);
    const all = await admin.get('/api/v1/modules/?include_inactive=true').expect(200);
    expect(all.body.map((m: { title: string }) => m.title)).toEqual(['C', 'A', 'B']);
    const denied = await learner.get('/api/v1/modules/?include_inactive=true').expect(403);
    expect(denied.body.detail).toBe('Administrator rights required to see inactive content.');
    await t.client().get('/api/v1/modules/?include_inactive=maybe').expect(400);
  });

  it('lists modules with their courses ordered by level', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    const b = (await createModule({ title: 'B', is_active: 'false' }).expect(201)).body;
    await course('third', { module_id: a.id, level: 3 });
    await course('first', { module_id: a.id, level: 1 });
    await course('hidden', { module_id: a.id, level: 2, is_active: false });
    await course('in B', { module_id: b.id });
    await course('unassigned');
    const learnerView = await learner.get('/api/v1/modules/all/with-courses').expect(200);
    expect(learnerView.body.map((m: { title: string; courses: { title: string }[] }) => [m.title, m.courses.map((c) => c.title)])).toEqual([
      ['A', ['first', 'third']],
    ]);
    const adminView = await admin.get('/api/v1/modules/all/with-courses?include_inactive_modules=true&include_inactive_courses=true').expect(200);
    expect(adminView.body.map((m: { title: string; courses: { title: string }[] }) => [m.title, m.courses.map((c) => c.title)])).toEqual([
      ['A', ['first', 'hidden', 'third']],
      ['B', ['in B']],
    ]);
    expect(adminView.body[0].courses[0]).not.toHaveProperty('package_path');
    await learner.get('/api/v1/modules/all/with-courses?include_inactive_courses=true').expect(403);
  });

  it('answers one module with its courses; 404 when unknown or inactive for learners', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    const b = (await createModule({ title: 'B', is_active: 'false' }).expect(201)).body;
    await course('c2', { module_id: a.id, level: 2 });
    await course('c1', { module_id: a.id, level: 1, is_active: false });
    const res = await learner.get(`/api/v1/modules/id/${a.id}`).expect(200);
    expect(res.body.courses.map((c: { title: string }) => c.title)).toEqual(['c2']);
    const withInactive = await admin.get(`/api/v1/modules/id/${a.id}?include_inactive_courses=true`).expect(200);
    expect(withInactive.body.courses.map((c: { title: string }) => c.title)).toEqual(['c1', 'c2']);
    expect((await learner.get(`/api/v1/modules/id/${b.id}`).expect(404)).body.detail).toBe('Module not found.');
    await admin.get(`/api/v1/modules/id/${b.id}`).expect(200);
    await learner.get('/api/v1/modules/id/12345').expect(404);
    await learner.get(`/api/v1/modules/id/${a.id}?include_inactive_courses=true`).expect(403);
  });
});

describe('assigning courses: POST/DELETE /api/v1/modules/id/{id}/courses/id/{courseId}', () => {
  it('assigns a course at the end of the module and removes it again', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    await course('existing', { module_id: a.id, level: 4 });
    const c = await course('new');
    const assigned = await admin.post(`/api/v1/modules/id/${a.id}/courses/id/${c.id}`).expect(200);
    expect(assigned.body).toMatchObject({ id: c.id, module_id: a.id, level: 5 });
    const removed = await admin.delete(`/api/v1/modules/id/${a.id}/courses/id/${c.id}`).expect(200);
    expect(removed.body.module_id).toBeNull();
  });

  it('answers 404 for unknown module or course, 400 when the course is elsewhere; nothing changes', async () => {
    const a = (await createModule({ title: 'A' }).expect(201)).body;
    const b = (await createModule({ title: 'B' }).expect(201)).body;
    const c = await course('in B', { module_id: b.id });
    expect((await admin.post(`/api/v1/modules/id/9999/courses/id/${c.id}`).expect(404)).body.detail).toBe('Module not found.');
    expect((await admin.post(`/api/v1/modules/id/${a.id}/courses/id/9999`).expect(404)).body.detail).toBe('Course not found.');
    expect((await admin.delete(`/api/v1/modules/id/${a.id}/courses/id/${c.id}`).expect(400)).body.detail).toBe(
      'The course is not assigned to this module.',
    );
    await t.client().post(`/api/v1/modules/id/${a.id}/courses/id/${c.id}`).expect(401);
    await learner.post(`/api/v1/modules/id/${a.id}/courses/id/${c.id}`).expect(403);
    await learner.delete(`/api/v1/modules/id/${b.id}/courses/id/${c.id}`).expect(403);
    const [row] = await t.db.query<{ module_id: number }>('SELECT module_id FROM courses WHERE id = $1', [c.id]);
    expect(row.module_id).toBe(b.id);
  });
});
