import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../test/helpers';
import { insertCourse } from '../courses/store';

let t: TestApp;
let admin: TestClient;
let adminId: number;
let learner: TestClient;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.signUp({ admin: true, nickname: 'Root' });
  admin = a.client;
  adminId = a.id;
  const l = await t.signUp({ nickname: 'Learner' });
  learner = l.client;
  ids.learner = l.id;
  // 12 more learners with spread-out sign-ins; two never signed in, two long ago.
  for (let i = 0; i < 12; i++) {
    const u = await t.signUp({ nickname: `user-${String(i).padStart(2, '0')}` });
    ids[`user${i}`] = u.id;
    const lastLogin = i < 2 ? null : i < 4 ? "now() - interval '60 days'" : `now() - interval '${i} hours'`;
    await t.db.query(`UPDATE users SET last_login = ${lastLogin ?? 'NULL'} WHERE id = $1`, [u.id]);
  }
  const [m] = await t.db.query<{ id: number }>('INSERT INTO modules (title, "order") VALUES ($1, 1) RETURNING id', ['M']);
  const c1 = await insertCourse(t.db, { title: 'One', content_type: 'scorm', module_id: m.id, level: 1 });
  const c2 = await insertCourse(t.db, { title: 'Two', content_type: 'scorm', module_id: m.id, level: 2 });
  ids.c1 = c1.id;
  ids.c2 = c2.id;
  await t.db.query(
    `INSERT INTO course_progress (user_id, course_id, status, completion_percentage, score, completed_at, time_spent_seconds)
     VALUES ($1, $2, 'completed', 100, 90, now(), 3725), ($1, $3, 'in_progress', 40, NULL, NULL, 60), ($4, $2, 'completed', 100, 70, now(), 10)`,
    [ids.learner, c1.id, c2.id, ids.user5],
  );
});
afterAll(() => t.close());

describe('every admin route refuses anonymous visitors (401) and learners (403)', () => {
  it('walks all operations with admin access', async () => {
    const operations = t.api.operations.filter((op) => op.spec.access === 'admin');
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const paths = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`);
    for (const expected of [
      'GET /users/admin/users',
      'GET /users/admin/users/:id/progress',
      'GET /admin/stats',
      'GET /admin/users',
      'GET /admin/users/:id',
      'GET /admin/contact-messages',
      'DELETE /admin/contact-messages/:id',
      'POST /modules/',
      'PUT /modules/reorder',
      'DELETE /modules/id/:id',
      'PUT /courses/id/:id',
      'DELETE /courses/id/:id',
      'PUT /courses/reorder',
    ]) {
      expect(paths).toContain(expected);
    }
    const before = await t.db.query('SELECT (SELECT count(*) FROM modules) AS m, (SELECT count(*) FROM courses) AS c, (SELECT count(*) FROM users) AS u');
    for (const op of operations) {
      const url = '/api/v1' + op.path.replace(/:(\w+)/g, '1');
      const method = op.method as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const anonymous = await t.client()[method](url).send({});
      expect([op.path, anonymous.status, anonymous.body.detail]).toEqual([op.path, 401, 'Authentication required.']);
      const asLearner = await learner[method](url).send({});
      expect([op.path, asLearner.status, asLearner.body.detail]).toEqual([op.path, 403, 'Administrator rights required.']);
    }
    const after = await t.db.query('SELECT (SELECT count(*) FROM modules) AS m, (SELECT count(*) FROM courses) AS c, (SELECT count(*) FROM users) AS u');
    expect(after).toEqual(before);
  });
});

type Listed = { id: number; nickname: string | null; anonymous_id: string; last_login: string | null; is_admin: boolean; courses_started: number; courses_completed: number };

describe('GET /api/v1/users/admin/users and /api/v1/admin/users', () => {
  it('pages by 10, newest sign-in first (never signed in last), with Content-Range and X-Total-Count', async () => {
    const res = await admin.get('/api/v1/users/admin/users').expect(200);
    const body = res.body as Listed[];
    expect(body).toHaveLength(10);
    expect(res.headers['content-range']).toBe('users 0-9/14');
    expect(res.headers['x-total-count']).toBe('14');
    const logins = body.map((u) => Date.parse(u.last_login as string));
    expect([...logins].sort((a, b) => b - a)).toEqual(logins);
    const page2 = await admin.get('/api/v1/users/admin/users?page=2').expect(200);
    expect(page2.headers['content-range']).toBe('users 10-13/14');
    expect((page2.body as Listed[]).slice(-2).map((u) => u.last_login)).toEqual([null, null]);
  });

  it('shows nickname, masked ID and course counts only', async () => {
    const res = await admin.get(`/api/v1/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [ids.learner] }))}`).expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({ id: ids.learner, nickname: 'Learner', courses_started: 2, courses_completed: 1 });
    expect(res.body[0].anonymous_id).toMatch(/^••••-••••-••••-••••-[0-9A-Z]{4}$/);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ['anonymous_id', 'auth_provider', 'courses_completed', 'courses_started', 'created_at', 'email', 'id', 'is_admin', 'last_login', 'nickname'].sort(),
    );
  });

  it('accepts react-admin range, sort and filter', async () => {
    const res = await admin
      .get('/api/v1/admin/users')
      .query({ range: '[2,4]', sort: '["nickname","ASC"]', filter: JSON.stringify({ q: 'user-' }) })
      .expect(200);
    expect((res.body as Listed[]).map((u) => u.nickname)).toEqual(['user-02', 'user-03', 'user-04']);
    expect(res.headers['content-range']).toBe('users 2-4/12');
    const admins = await admin.get('/api/v1/admin/users').query({ filter: '{"is_admin":true}' }).expect(200);
    expect((admins.body as Listed[]).map((u) => u.id)).toEqual([adminId]);
    const active = await admin.get('/api/v1/admin/users').query({ filter: '{"active":false}', range: '[0,99]' }).expect(200);
    expect(active.headers['x-total-count']).toBe('4');
    const empty = await admin.get('/api/v1/admin/users').query({ filter: '{"q":"nobody-has-this"}' }).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('users */0');
  });

  it('accepts plain q, sort_by, order, per_page and finds a user by full anonymous ID', async () => {
    const res = await admin.get('/api/v1/users/admin/users?q=USER-1&sort_by=nickname&order=desc&per_page=2').expect(200);
    expect((res.body as Listed[]).map((u) => u.nickname)).toEqual(['user-11', 'user-10']);
    const fresh = await t.signUp({ nickname: 'findable' });
    const byId = await admin.get('/api/v1/admin/users').query({ q: fresh.anonymousId }).expect(200);
    expect((byId.body as Listed[]).map((u) => u.id)).toEqual([fresh.id]);
    await t.db.query('DELETE FROM users WHERE id = $1', [fresh.id]);
    const courses = await admin.get('/api/v1/admin/users?sort_by=courses_completed&order=desc&per_page=2').expect(200);
    expect((courses.body as Listed[]).map((u) => u.courses_completed)).toEqual([1, 1]);
  });

  it('refuses bad parameters with clear messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ range: '[5,1]' }, 'range must be [first, last] with 0 <= first <= last.'],
      [{ range: 'nope' }, 'range must be valid JSON.'],
      [{ sort: '["password","ASC"]' }, 'Cannot sort by password; use one of: id, nickname, anonymous_id, created_at, last_login, is_admin, courses_started, courses_completed.'],
      [{ sort: '["id","SIDEWAYS"]' }, 'sort must be [field, "ASC" or "DESC"].'],
      [{ filter: '[1]' }, 'filter must be a JSON object.'],
      [{ filter: '{"is_admin":"maybe"}' }, 'filter is_admin must be true or false.'],
      [{ page: '0' }, 'page must be >= 1.'],
      [{ order: 'up' }, 'order must be equal to one of the allowed values.'],
    ];
    for (const [query, detail] of cases) {
      const res = await admin.get('/api/v1/admin/users').query(query);
      expect([res.status, res.body.detail], JSON.stringify(query)).toEqual([400, detail]);
    }
  });
});

describe('GET /api/v1/admin/users/{id}', () => {
  it('answers one user or 404', async () => {
    expect((await admin.get(`/api/v1/admin/users/${ids.learner}`).expect(200)).body).toMatchObject({ id: ids.learner, nickname: 'Learner' });
    expect((await admin.get('/api/v1/admin/users/999999').expect(404)).body.detail).toBe('User not found.');
  });
});

describe('GET /api/v1/users/admin/users/{id}/progress', () => {
  it('answers the started courses with status, completion, score and time', async () => {
    const res = await admin.get(`/api/v1/users/admin/users/${ids.learner}/progress`).expect(200);
    const byTitle = Object.fromEntries((res.body as { title: string }[]).map((row) => [row.title, row]));
    expect(byTitle.One).toMatchObject({ course_id: ids.c1, status: 'completed', completion_percentage: 100, score: 90, time_spent: '01:02:05' });
    expect(byTitle.Two).toMatchObject({ course_id: ids.c2, status: 'in_progress', completion_percentage: 40, score: null });
  });

  it('answers an empty list for a user who started nothing, 404 for an unknown user', async () => {
    expect((await admin.get(`/api/v1/users/admin/users/${ids.user0}/progress`).expect(200)).body).toEqual([]);
    expect((await admin.get('/api/v1/users/admin/users/999999/progress').expect(404)).body.detail).toBe('User not found.');
    expect((await admin.get('/api/v1/users/admin/users/abc/progress').expect(400)).body.detail).toBe('id must be integer.');
  });
});

describe('GET /api/v1/admin/stats', () => {
  it('answers totals, per-course figures and 90 zero-filled days', async () => {
    const res = await admin.get('/api/v1/admin/stats').expect(200);
    expect(res.body.totals).toEqual({
      users: 14,
      admins: 1,
      // Root and Learner signed in at registration, plus user-04..user-11.
      active_users: 10,
      courses: 2,
      active_courses: 2,
      modules: 1,
      completions: 2,
      in_progress: 1,
    });
    expect(res.body.courses).toEqual([
      { course_id: ids.c1, title: 'One', language: 'en', module_id: expect.any(Number), started: 2, completed: 2, average_score: 80, average_completion: 100 },
      { course_id: ids.c2, title: 'Two', language: 'en', module_id: expect.any(Number), started: 1, completed: 0, average_score: null, average_completion: 40 },
    ]);
    expect(res.body.signups_per_day).toHaveLength(90);
    expect(res.body.completions_per_day).toHaveLength(90);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.signups_per_day.at(-1)).toEqual({ date: today, count: 14 });
    expect(res.body.completions_per_day.at(-1)).toEqual({ date: today, count: 2 });
    expect(res.body.signups_per_day[0].count).toBe(0);
  });
});
