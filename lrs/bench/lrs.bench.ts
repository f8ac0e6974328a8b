/**
 * LRS benchmark on the PostgreSQL server of DATABASE_URL (root script `npm run bench:lrs`):
 *  1. seeds a fresh database with N statements (default 1,000,000) in bulk (generate_series),
 *  2. write throughput: 4 concurrent HTTP clients POST batches of 100 statements (after 10 batches each
 *     of warm-up, not counted),
 *  3. read latency (p50/p95) of agent, verb, activity and registration queries over HTTP.
 * The LRS runs in a child process, so the load generator does not share its CPU (as a real LRS's clients
 * do not). Each figure is given twice: through HTTP (the whole LRS) and at the store (SQL only), so the
 * cost of each layer shows. Prints the figures; asserts nothing.
 * Options: --statements N, --batches-per-client N, --queries N, --keep, --reuse DBNAME (a kept, seeded database).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import express from 'express';
import pg from 'pg';
import { parseConfig } from '../../lms-api/src/config/config';
import { allMigrations } from '../../lms-api/src/db/all-migrations';
import { migrate, openPg } from '../../lms-api/src/db/index';
import { createCredential, createLrsApp } from '../src/index';
import type { JsonObject } from '../src/statements/rules';
import { latestSeq, queryStatements, storeStatements, type StatementFilter } from '../src/statements/store';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} needs a whole number`);
  return value;
}

const STATEMENTS = option('statements', 1_000_000);
const CLIENTS = 4;
const BATCH = 100;
const BATCHES_PER_CLIENT = option('batches-per-client', 150);
const WARM_UP_BATCHES = 10;
const QUERIES = option('queries', 200);
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1] : null;
if (REUSE !== null && !/^lrs_bench_[a-z0-9]+$/.test(REUSE ?? '')) throw new Error('--reuse takes the name of a kept lrs_bench_ database');

const AGENTS = 10_000;
const VERBS = 50;
const ACTIVITIES = 2_000;
const HOME = 'https://bench.example.lu';

const serverUrl = parseConfig().databaseUrl;
if (!serverUrl) {
  console.error('bench:lrs needs DATABASE_URL (a PostgreSQL server), e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}

// A valid version-4-shaped UUID from an md5, in SQL (the query API checks UUID syntax).
const sqlUuid = (expr: string) =>
  `(substr(md5(${expr}),1,8)||'-'||substr(md5(${expr}),9,4)||'-4'||substr(md5(${expr}),14,3)||'-8'||substr(md5(${expr}),18,3)||'-'||substr(md5(${expr}),21,12))`;

async function seed(db: pg.Client, total: number): Promise<void> {
  const chunk = 100_000;
  const t0 = performance.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO lrs.statements (seq, id, stored, authority_key, statement)
       SELECT g, s.id::uuid, s.stored, 'bench', jsonb_build_object(
         'id', s.id,
         'actor', jsonb_build_object('objectType', 'Agent', 'account', jsonb_build_object('homePage', '${HOME}', 'name', 'learner-' || (g % ${AGENTS}))),
         'verb', jsonb_build_object('id', '${HOME}/verbs/' || (g % ${VERBS}), 'display', jsonb_build_object('en-US', 'verb ' || (g % ${VERBS}))),
         'object', jsonb_build_object('objectType', 'Activity', 'id', '${HOME}/activities/' || (g % ${ACTIVITIES}),
           'definition', jsonb_build_object('type', 'http://adlnet.gov/expapi/activities/lesson', 'name', jsonb_build_object('en-US', 'Lesson ' || (g % ${ACTIVITIES})))),
         'result', jsonb_build_object('completion', true, 'score', jsonb_build_object('scaled', (g % 100) / 100.0)),
         'context', jsonb_build_object('registration', s.registration,
           'contextActivities', jsonb_build_object('parent', jsonb_build_array(jsonb_build_object('id', '${HOME}/courses/' || (g % ${ACTIVITIES} / 20))))),
         'timestamp', to_char(s.stored AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'stored', to_char(s.stored AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'authority', jsonb_build_object('objectType', 'Agent', 'account', jsonb_build_object('homePage', '${HOME}', 'name', 'bench')),
         'version', '2.0.0')
       FROM generate_series($1::bigint, $2::bigint) AS g,
       LATERAL (SELECT ${sqlUuid(`'s' || g`)} AS id, ${sqlUuid(`'r' || (g / 10)`)} AS registration,
                       timestamptz '2025-01-01' + g * interval '10 ms' AS stored) AS s`,
      [from, to],
    );
    await db.query(
      `INSERT INTO lrs.statement_index (kind, value, seq, direct)
       SELECT k.kind, k.value, g, k.direct
       FROM generate_series($1::bigint, $2::bigint) AS g,
       LATERAL (VALUES
         ('a'::"char", 'A|account|${HOME}|learner-' || (g % ${AGENTS}), true),
         ('v'::"char", '${HOME}/verbs/' || (g % ${VERBS}), true),
         ('c'::"char", '${HOME}/activities/' || (g % ${ACTIVITIES}), true),
         ('c'::"char", '${HOME}/courses/' || (g % ${ACTIVITIES} / 20), false),
         ('r'::"char", ${sqlUuid(`'r' || (g / 10)`)}, true)
       ) AS k(kind, value, direct)`,
      [from, to],
    );
    await db.query('COMMIT');
    process.stdout.write(`\r  seeded ${to.toLocaleString('en')} / ${total.toLocaleString('en')} statements`);
  }
  await db.query(`SELECT setval('lrs.statements_seq_seq', $1)`, [total]);
  await db.query('ANALYZE lrs.statements');
  await db.query('ANALYZE lrs.statement_index');
  console.log(`\n  seeding took ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function batchBody(client: number, n: number): string {
  const registration = randomUUID();
  return JSON.stringify(
    Array.from({ length: BATCH }, (_, i) => ({
      actor: { objectType: 'Agent', account: { homePage: HOME, name: `writer-${client}-${(n * BATCH + i) % 500}` } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
      object: {
        objectType: 'Activity',
        id: `${HOME}/activities/${i % ACTIVITIES}/interactions/${i}`,
        definition: { type: 'http://adlnet.gov/expapi/activities/cmi.interaction', interactionType: 'choice', correctResponsesPattern: ['b'] },
      },
      result: { response: 'b', success: true, duration: 'PT12S' },
      context: {
        registration,
        contextActivities: { parent: [{ id: `${HOME}/activities/${i % ACTIVITIES}` }], category: [{ id: 'https://w3id.org/xapi/scorm' }] },
      },
      timestamp: new Date().toISOString(),
    })),
  );
}

/** Child process: the LRS alone on a free port of its own, on the database at BENCH_LRS_DATABASE. */
async function serve(): Promise<void> {
  const db = await openPg(process.env.BENCH_LRS_DATABASE as string, 20);
  const app = express();
  app.use('/xapi', createLrsApp({ db, publicUrl: HOME, log: { error: (m, e) => console.error(m, e) } }));
  const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => {
    server.close();
    server.closeIdleConnections();
    setTimeout(() => void db.close().finally(() => process.exit(0)), 500);
  });
}

function startLrs(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], ['--serve'], { env: { ...process.env, BENCH_LRS_DATABASE: databaseUrl }, execArgv: process.execArgv, stdio: 'inherit' });
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`LRS process exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const name = REUSE ?? `lrs_bench_${Date.now().toString(36)}`;
  if (!REUSE) {
    const admin = new pg.Client({ connectionString: serverUrl as string });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(serverUrl as string);
  url.pathname = `/${name}`;
  const db = await openPg(url.toString(), 20);
  const raw = new pg.Client({ connectionString: url.toString() });
  await raw.connect();
  let lrs: ChildProcess | null = null;
  try {
    await migrate(db, allMigrations);
    console.log(`LRS benchmark on database ${name} (PostgreSQL server of DATABASE_URL)`);
    const [{ n: counted }] = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM lrs.statements');
    const present = REUSE ? Number(counted) : STATEMENTS;
    if (REUSE) {
      console.log(`1. reusing ${Number(present).toLocaleString('en')} statements of ${name}`);
    } else {
      console.log(`1. seeding ${STATEMENTS.toLocaleString('en')} statements (${AGENTS} agents, ${VERBS} verbs, ${ACTIVITIES} activities, 10 per registration)`);
      await seed(raw, STATEMENTS);
    }
    console.log(`   machine load average: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);

    const started = await startLrs(url.toString());
    lrs = started.child;
    const endpoint = `http://127.0.0.1:${started.port}/xapi`;
    const { key, secret } = await createCredential(db, { label: 'bench', scopes: ['all'] });
    const headers = {
      Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`,
      'X-Experience-API-Version': '2.0.0',
      'Content-Type': 'application/json',
    };

    console.log(`2. writes: ${CLIENTS} concurrent clients x ${BATCHES_PER_CLIENT} batches of ${BATCH} statements`);
    const post = async (body: string) => {
      const res = await fetch(`${endpoint}/statements`, { method: 'POST', headers, body });
      if (res.status !== 200) throw new Error(`POST statements answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    // Warm-up (JIT, connection pool, caches): statements of their own, not counted.
    await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = 0; n < WARM_UP_BATCHES; n += 1) await post(batchBody(c + 20, n));
    }));
    const bodies = Array.from({ length: CLIENTS }, (_, c) => Array.from({ length: BATCHES_PER_CLIENT }, (_, n) => batchBody(c, n)));
    const batchTimes: number[] = [];
    const w0 = performance.now();
    await Promise.all(
      bodies.map(async (list) => {
        for (const body of list) {
          const b0 = performance.now();
          await post(body);
          batchTimes.push(performance.now() - b0);
        }
      }),
    );
    const seconds = (performance.now() - w0) / 1000;
    const written = CLIENTS * BATCHES_PER_CLIENT * BATCH;
    const warmedUp = CLIENTS * WARM_UP_BATCHES * BATCH;
    batchTimes.sort((a, b) => a - b);
    console.log(`   ${written.toLocaleString('en')} statements in ${seconds.toFixed(2)} s = ${Math.round(written / seconds).toLocaleString('en')} statements/s`);
    console.log(`   batch latency p50 ${percentile(batchTimes, 50).toFixed(1)} ms, p95 ${percentile(batchTimes, 95).toFixed(1)} ms`);

    // The same load at the store: statements prepared as the resource does, stored by 4 concurrent callers.
    const storeBatches = Array.from({ length: CLIENTS }, (_, c) =>
      Array.from({ length: Math.max(1, Math.floor(BATCHES_PER_CLIENT / 2)) }, (_, n) =>
        (JSON.parse(batchBody(c + 10, n)) as Record<string, unknown>[]).map((statement) => ({
          statement: { ...statement, id: randomUUID(), stored: new Date().toISOString(), authority: { account: { homePage: HOME, name: 'bench' } }, version: '2.0.0' } as JsonObject,
          authorityKey: 'bench',
        })),
      ),
    );
    const s0 = performance.now();
    await Promise.all(storeBatches.map(async (list) => {
      for (const batch of list) await storeStatements(db, batch, [], { updateDefinitions: true });
    }));
    const storeSeconds = (performance.now() - s0) / 1000;
    const storeWritten = storeBatches.flat(2).length;
    console.log(`   at the store (no HTTP, no validation): ${Math.round(storeWritten / storeSeconds).toLocaleString('en')} statements/s`);

    const total = Number(present) + warmedUp + written + storeWritten;
    console.log(`3. queries on a store of ${total.toLocaleString('en')} statements (${QUERIES} each, sequential, over HTTP)`);
    const pick = (n: number) => Math.floor(Math.random() * n);
    // The seed's registration of statement g, computed as its SQL does (see sqlUuid).
    const seededRegistration = (g: number) => {
      const h = createHash('md5').update(`r${Math.floor(g / 10)}`).digest('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
    };
    // A reused database was seeded with --statements (default 1,000,000) before its extra writes.
    const registrations = Array.from({ length: QUERIES }, () => seededRegistration(1 + pick(STATEMENTS)));
    const kinds: { name: string; query: () => string }[] = [
      { name: 'agent', query: () => `agent=${encodeURIComponent(JSON.stringify({ account: { homePage: HOME, name: `learner-${pick(AGENTS)}` } }))}` },
      { name: 'verb', query: () => `verb=${encodeURIComponent(`${HOME}/verbs/${pick(VERBS)}`)}` },
      { name: 'activity', query: () => `activity=${encodeURIComponent(`${HOME}/activities/${pick(ACTIVITIES)}`)}` },
      { name: 'registration', query: () => `registration=${registrations[pick(registrations.length)]}` },
    ];
    const through = await latestSeq(db);
    for (const kind of kinds) {
      const times: number[] = [];
      for (let i = 0; i < QUERIES + 10; i += 1) {
        const params = new URLSearchParams(kind.query());
        const [key, value] = [...params.entries()][0];
        const filter: StatementFilter =
          key === 'agent'
            ? { agent: `A|account|${HOME}|${(JSON.parse(value) as { account: { name: string } }).account.name}` }
            : { [key]: value };
        const q0 = performance.now();
        await queryStatements(db, filter, { limit: 25, through });
        if (i >= 10) times.push(performance.now() - q0);
      }
      times.sort((a, b) => a - b);
      console.log(`   ${kind.name.padEnd(12)} limit=25  at the store: p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
    }
    for (const limit of [25, 100]) {
      for (const kind of kinds) {
        const times: number[] = [];
        let returned = 0;
        for (let i = 0; i < QUERIES + 10; i += 1) {
          const q0 = performance.now();
          const res = await fetch(`${endpoint}/statements?${kind.query()}&limit=${limit}`, { headers });
          const body = (await res.json()) as { statements: unknown[] };
          const ms = performance.now() - q0;
          if (res.status !== 200) throw new Error(`GET statements answered ${res.status}`);
          if (i >= 10) {
            times.push(ms);
            returned += body.statements.length;
          }
        }
        times.sort((a, b) => a - b);
        console.log(
          `   ${kind.name.padEnd(12)} limit=${String(limit).padEnd(3)}  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95)
            .toFixed(1)
            .padStart(6)} ms  (avg ${(returned / times.length).toFixed(0)} statements/answer)`,
        );
      }
    }
  } finally {
    if (lrs && lrs.exitCode === null) {
      const exited = new Promise((resolve) => lrs?.once('exit', resolve));
      lrs.disconnect();
      await exited;
    }
    await raw.end();
    await db.close();
    if (!KEEP && !REUSE) {
      const dropper = new pg.Client({ connectionString: serverUrl as string });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    } else {
      console.log(`kept database ${name}`);
    }
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
