import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLrs, type TestLrs } from '../test/server';

let t: TestLrs;
beforeAll(async () => (t = await startTestLrs()));
afterAll(() => t.close());

const V2 = { 'X-Experience-API-Version': '2.0.0' };
const agent = JSON.stringify({ objectType: 'Agent', account: { homePage: 'https://learning.example.lu', name: 'learner-1' } });
const activityId = 'https://learning.example.lu/courses/7';

function stateUrl(params: Record<string, string>) {
  return `/xapi/activities/state?${new URLSearchParams({ activityId, agent, ...params })}`;
}

const call = (method: 'get' | 'put' | 'post' | 'delete', url: string, auth = t.auth) =>
  request(t.app)[method](url).set('Authorization', auth).set(V2);

describe('state resource', () => {
  it('stores, reads with ETag and Last-Modified, merges JSON on POST, and deletes', async () => {
    const url = stateUrl({ stateId: 'bookmark' });
    expect((await call('put', url).send({ page: 3, score: 10 })).status).toBe(204);
    const got = await call('get', url);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ page: 3, score: 10 });
    expect(got.headers.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(got.headers['last-modified']).toBeTruthy();
    expect((await call('post', url).send({ page: 4, visited: true })).status).toBe(204);
    expect((await call('get', url)).body).toEqual({ page: 4, score: 10, visited: true });
    expect((await call('delete', url)).status).toBe(204);
    expect((await call('get', url)).status).toBe(404);
  });

  it('honours If-Match / If-None-Match: 412 on mismatch, 409 when an existing document is PUT blind (2.0)', async () => {
    const url = stateUrl({ stateId: 'concurrency' });
    expect((await call('put', url).send({ v: 1 })).status).toBe(204);
    const etag = (await call('get', url)).headers.etag as string;
    expect((await call('put', url).set('If-Match', '"0000"').send({ v: 2 })).status).toBe(412);
    expect((await call('put', url).set('If-None-Match', '*').send({ v: 2 })).status).toBe(412);
    const blind = await call('put', url).send({ v: 2 });
    expect(blind.status).toBe(409);
    expect(blind.body.detail).toMatch(/If-Match/);
    expect((await call('get', url)).body).toEqual({ v: 1 });
    expect((await call('put', url).set('If-Match', etag).send({ v: 2 })).status).toBe(204);
    expect((await call('get', url)).body).toEqual({ v: 2 });
  });

  it('keeps registrations apart, lists ids (with since) and deletes all documents of an agent/activity', async () => {
    const registration = randomUUID();
    await call('put', stateUrl({ stateId: 'a', registration })).send({ a: 1 });
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await call('put', stateUrl({ stateId: 'b', registration })).send({ b: 1 });
    expect((await call('get', stateUrl({ stateId: 'a' }))).status).toBe(404);
    expect((await call('get', stateUrl({ registration }))).body).toEqual(['a', 'b']);
    expect((await call('get', stateUrl({ registration, since: before }))).body).toEqual(['b']);
    expect((await call('delete', stateUrl({ registration }))).status).toBe(204);
    expect((await call('get', stateUrl({ registration }))).body).toEqual([]);
  });

  it('refuses POST merges of non-JSON documents and bad parameters with a 400 naming them', async () => {
    const url = stateUrl({ stateId: 'text' });
    expect((await call('put', url).set('Content-Type', 'text/plain').send('hello')).status).toBe(204);
    const text = await call('get', url);
    expect(text.text).toBe('hello');
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect((await call('post', url).send({ a: 1 })).status).toBe(400);
    expect((await call('get', `/xapi/activities/state?agent=${encodeURIComponent(agent)}`)).body.detail).toMatch(/activityId/);
    expect((await call('get', `/xapi/activities/state?activityId=${activityId}&agent=notjson`)).body.detail).toMatch(/agent/);
    expect((await call('get', stateUrl({ registration: 'nope' }))).body.detail).toMatch(/registration/);
    expect((await call('put', stateUrl({})).send({})).body.detail).toMatch(/stateId/);
  });

  it('needs the state scope to write and authentication at all', async () => {
    const reader = await t.credential(['statements/read']);
    expect((await call('put', stateUrl({ stateId: 'x' }), reader).send({})).status).toBe(403);
    expect((await request(t.app).get(stateUrl({ stateId: 'x' })).set(V2)).status).toBe(401);
  });
});

describe('profile resources', () => {
  it('activity profile: If-None-Match * creates, POST merges, ids list', async () => {
    const url = `/xapi/activities/profile?${new URLSearchParams({ activityId, profileId: 'settings' })}`;
    expect((await call('put', url).set('If-None-Match', '*').send({ theme: 'dark' })).status).toBe(204);
    expect((await call('post', url).send({ font: 'large' })).status).toBe(204);
    expect((await call('get', url)).body).toEqual({ theme: 'dark', font: 'large' });
    expect((await call('get', `/xapi/activities/profile?${new URLSearchParams({ activityId })}`)).body).toEqual(['settings']);
    expect((await call('delete', `/xapi/activities/profile?${new URLSearchParams({ activityId })}`)).status).toBe(400);
  });

  it('agent profile: stores per agent and needs the profile scope to write', async () => {
    const url = `/xapi/agents/profile?${new URLSearchParams({ agent, profileId: 'preferences' })}`;
    expect((await call('put', url).send({ language: 'lb' })).status).toBe(204);
    expect((await call('get', url)).body).toEqual({ language: 'lb' });
    const stateOnly = await t.credential(['state']);
    expect((await call('put', url, stateOnly).send({})).status).toBe(403);
  });
});

describe('agents and activities resources', () => {
  it('answers a Person for an agent and the canonical definition of an activity', async () => {
    const person = await call('get', `/xapi/agents?agent=${encodeURIComponent(agent)}`);
    expect(person.body).toEqual({ objectType: 'Person', account: [JSON.parse(agent).account] });
    await call('post', '/xapi/statements').send({
      actor: JSON.parse(agent),
      verb: { id: 'http://adlnet.gov/expapi/verbs/launched' },
      object: { id: activityId, definition: { name: { 'en-US': 'Course 7' }, type: 'http://adlnet.gov/expapi/activities/course' } },
    });
    await call('post', '/xapi/statements').send({
      actor: JSON.parse(agent),
      verb: { id: 'http://adlnet.gov/expapi/verbs/launched' },
      object: { id: activityId, definition: { name: { 'fr-FR': 'Cours 7' } } },
    });
    const activity = await call('get', `/xapi/activities?activityId=${encodeURIComponent(activityId)}`);
    expect(activity.body).toEqual({
      objectType: 'Activity',
      id: activityId,
      definition: { name: { 'en-US': 'Course 7', 'fr-FR': 'Cours 7' }, type: 'http://adlnet.gov/expapi/activities/course' },
    });
    const unknown = await call('get', `/xapi/activities?activityId=${encodeURIComponent('https://example.lu/unknown')}`);
    expect(unknown.body).toEqual({ objectType: 'Activity', id: 'https://example.lu/unknown' });
    expect((await call('get', '/xapi/activities?activityId=nope')).status).toBe(400);
    expect((await call('get', '/xapi/agents')).body.detail).toMatch(/agent/);
  });
});
