import { randomUUID } from 'node:crypto';
import XAPI from '@xapi/xapi';
import TinCan from 'tincanjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLrs, type TestLrs } from './server';

/** Two xAPI client libraries from npm talk to the running LRS over HTTP. */
let t: TestLrs;
beforeAll(async () => (t = await startTestLrs()));
afterAll(() => t.close());

const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';

describe('@xapi/xapi (xAPI 1.0.3)', () => {
  it('stores, queries and voids statements and keeps state documents', async () => {
    const xapi = new XAPI({ endpoint: t.endpoint, auth: XAPI.toBasicAuth(t.key, t.secret), version: '1.0.3' });
    const actor = { objectType: 'Agent' as const, mbox: `mailto:${randomUUID()}@example.lu`, name: 'Xapi Learner' };
    const activityId = `https://learning.example.lu/courses/${randomUUID()}`;
    const sent = await xapi.sendStatement({ statement: { actor, verb: { id: COMPLETED }, object: { objectType: 'Activity', id: activityId } } });
    const [id] = sent.data;
    const got = await xapi.getStatement({ statementId: id });
    expect(got.data.verb.id).toBe(COMPLETED);
    const list = await xapi.getStatements({ agent: actor, verb: COMPLETED });
    expect(list.data.statements.map((s) => s.id)).toEqual([id]);
    await xapi.voidStatement({ actor, statementId: id });
    const voided = await xapi.getVoidedStatement({ voidedStatementId: id });
    expect(voided.data.id).toBe(id);
    await expect(xapi.getStatement({ statementId: id })).rejects.toMatchObject({ response: { status: 404 } });

    await xapi.setState({ agent: actor, activityId, stateId: 'bookmark', state: { page: 4 } });
    const state = await xapi.getState({ agent: actor, activityId, stateId: 'bookmark' });
    expect(state.data).toEqual({ page: 4 });
    expect(state.headers.etag).toMatch(/^"/);
    await xapi.createState({ agent: actor, activityId, stateId: 'bookmark', state: { visited: true } });
    expect((await xapi.getState({ agent: actor, activityId, stateId: 'bookmark' })).data).toEqual({ page: 4, visited: true });
    expect((await xapi.getStates({ agent: actor, activityId })).data).toEqual(['bookmark']);
    await xapi.deleteState({ agent: actor, activityId, stateId: 'bookmark' });
    expect((await xapi.getStates({ agent: actor, activityId })).data).toEqual([]);
  });
});

function promised<T>(run: (callback: (err: unknown, result: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result))));
}

describe('tincanjs (xAPI 1.0.2, answered as 1.0.3)', () => {
  it('stores, queries and voids statements and keeps state documents', async () => {
    const lrs = new TinCan.LRS({ endpoint: `${t.endpoint}/`, username: t.key, password: t.secret, version: '1.0.2', allowFail: false });
    const mbox = `mailto:${randomUUID()}@example.lu`;
    const activityId = `https://learning.example.lu/courses/${randomUUID()}`;
    const statement = new TinCan.Statement({ actor: { mbox }, verb: { id: COMPLETED }, target: { id: activityId } });
    await promised((cb) => lrs.saveStatement(statement, { callback: cb }));
    const got = await promised<{ id: string; verb: { id: string } } | null>((cb) => lrs.retrieveStatement(statement.id, { callback: cb }));
    expect(got?.verb.id).toBe(COMPLETED);
    const query = await promised<{ statements: { id: string }[] }>((cb) =>
      lrs.queryStatements({ params: { agent: new TinCan.Agent({ mbox }), verb: new TinCan.Verb({ id: COMPLETED }) }, callback: cb }),
    );
    expect(query.statements.map((s) => s.id)).toEqual([statement.id]);

    const voiding = new TinCan.Statement({
      actor: { mbox },
      verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
      target: { objectType: 'StatementRef', id: statement.id },
    });
    await promised((cb) => lrs.saveStatement(voiding, { callback: cb }));
    const voided = await promised<{ id: string; verb: { id: string } } | null>((cb) => lrs.retrieveVoidedStatement(statement.id, { callback: cb }));
    expect(voided?.id).toBe(statement.id);
    const after = await promised<{ statements: { id: string }[] }>((cb) =>
      lrs.queryStatements({ params: { agent: new TinCan.Agent({ mbox }), verb: new TinCan.Verb({ id: COMPLETED }) }, callback: cb }),
    );
    // The voided statement is gone; the voiding statement matches through its StatementRef.
    expect(after.statements.map((s) => s.id)).toEqual([voiding.id]);

    const agent = new TinCan.Agent({ mbox });
    const activity = new TinCan.Activity({ id: activityId });
    await promised((cb) => lrs.saveState('progress', { chapter: 2 }, { activity, agent, contentType: 'application/json', callback: cb }));
    const state = await promised<{ contents: unknown } | null>((cb) => lrs.retrieveState('progress', { activity, agent, callback: cb }));
    expect(state?.contents).toEqual({ chapter: 2 });
    await promised((cb) => lrs.dropState('progress', { activity, agent, callback: cb }));
    const gone = await promised<{ contents: unknown } | null>((cb) => lrs.retrieveState('progress', { activity, agent, callback: cb }));
    expect(gone).toBeNull();
  });
});
