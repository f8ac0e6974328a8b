/**
 * `npm run bench:api`: throughput and latency of the learner hot paths on a real PostgreSQL.
 *
 * Seeds 1,000 learners x 20 courses in a database of its own on the server at DATABASE_URL (created here and
 * dropped at the end), starts the real app in a child process (so the load generator does not share its CPU),
 * then drives `POST /courses/id/{id}/progress/` and `GET /courses/user-progress/` with 50 concurrent keep-alive
 * clients (autocannon) and prints requests/s and p50/p99 latency. Saves come as running sessions do: each client
 * is one learner in one course for 20 autosaves (one in ten reporting a result), then moves on.
 *
 * Two kinds of figures: at saturation (each client sends its next request as soon as the last one is answered: the
 * capacity, with latency that is mostly queueing; autocannon), and at a fixed offered load (the 50 clients together
 * send BENCH_RATE saves per second, default 1,500, each on its own random schedule as learners' players do, with
 * latency counted from each request's scheduled time: the latency a learner sees at that load; paced-load.ts).
 *
 * Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_RATE (default 1500),
 * BENCH_RESULT_SHARE (share of saves that also report a result, default 0.1),
 * BENCH_ONLY=health,progress,progress-at-rate,progress-session-start,progress-no-xapi,user-progress,
 * BENCH_POOL (database connections per app process, default 20), BENCH_WORKERS (app processes, default 1), BENCH_CPU_PROFILE=<dir> (V8 CPU profile of the app).
 */
import { fork, type ChildProcess } from 'node:child_process';
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createApp } from '../src/app';
import { parseConfig } from '../src/config/config';
import { allMigrations } from '../src/db/all-migrations';
import { migrate, openPg } from '../src/db/index';
import { generateAnonymousId, hashAnonymousId, maskAnonymousId } from '../src/auth/anonymous-id';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/auth/csrf';
import { pacedLoad, type LoadFigures, type PacedRequest } from './paced-load';

const LEARNERS = 1000;
const MODULES = 4;
const COURSES_PER_MODULE = 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 1500);
const RESULT_SHARE = Number(process.env.BENCH_RESULT_SHARE ?? 0.1);
const SESSION_SAVES = 20;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const CSRF = 'bench-anti-forgery-token-0123456789';

function benchEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SECRET_KEY: SECRET, SEED_DEMO: 'false', PORT: '0', LOG_REQUESTS: 'false' };
}

/**
 * Child process: the real app on a free port, reporting the port to the parent. With BENCH_WORKERS > 1 it
 * forks that many app processes sharing the port (node:cluster), the scale-out of DESIGN.md 3.
 */
async function serve(): Promise<void> {
  const workers = Number(process.env.BENCH_WORKERS ?? 1);
  if (workers > 1 && cluster.isPrimary) {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    let listening = 0;
    for (let i = 0; i < workers; i++) {
      cluster.fork({ BENCH_PORT: String(port) }).on('listening', () => {
        if (++listening === workers) process.send?.({ port });
      });
    }
    process.on('disconnect', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
      process.exit(0);
    });
    return;
  }
  const config = parseConfig(process.env);
  const db = await openPg(config.databaseUrl as string, Number(process.env.BENCH_POOL ?? 20));
  const { app } = createApp({ config, db, serveWebApps: false });
  const server = app.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => {
    const address = server.address();
    if (cluster.isPrimary) process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  server.keepAliveTimeout = 60_000;
  process.on('disconnect', () => {
    server.close();
    server.closeIdleConnections();
    // Handlers of requests whose client has just left may still be running: let them end before the pool closes.
    setTimeout(() => void db.close().finally(() => process.exit(0)), 1000);
  });
}

async function seed(databaseUrl: string): Promise<{ ids: string[]; courseIds: number[]; h5pCourseIds: number[] }> {
  const db = await openPg(databaseUrl, 2);
  try {
    await migrate(db, allMigrations);
    const ids = Array.from({ length: LEARNERS }, () => generateAnonymousId());
    await db.query(
      `INSERT INTO users (anonymous_id_hash, anonymous_id_masked, nickname, last_login)
       SELECT h, m, n, now() FROM unnest($1::bytea[], $2::text[], $3::text[]) AS t(h, m, n)`,
      [ids.map((id) => hashAnonymousId(SECRET, id)), ids.map(maskAnonymousId), ids.map((_, i) => `learner-${i}`)],
    );
    const courseIds: number[] = [];
    for (let m = 1; m <= MODULES; m++) {
      const [module] = await db.query<{ id: number }>('INSERT INTO modules (title, "order") VALUES ($1, $2) RETURNING id', [`Module ${m}`, m]);
      for (let level = 1; level <= COURSES_PER_MODULE; level++) {
        const [course] = await db.query<{ id: number }>(
          `INSERT INTO courses (title, content_type, version, module_id, level, min_score_required, package_path, launch_path, settings)
           VALUES ($1, 'scorm', '1.2', $2, $3, $4, $5, 'index.html', $6::jsonb) RETURNING id`,
          [`Course ${m}.${level}`, module.id, level, level % 2 ? 60 : null, `courses/bench-${m}-${level}/v1`, JSON.stringify({ manifest: { version: '1.2' } })],
        );
        courseIds.push(course.id);
      }
    }
    // Not part of the 20: H5P courses, whose progress saves skip the SCORM-to-xAPI mapping (a cost breakdown).
    const [h5pModule] = await db.query<{ id: number }>('INSERT INTO modules (title, "order") VALUES ($1, $2) RETURNING id', ['H5P', MODULES + 1]);
    const h5pCourseIds: number[] = [];
    for (let level = 1; level <= 5; level++) {
      const [course] = await db.query<{ id: number }>(
        `INSERT INTO courses (title, content_type, module_id, level, is_active) VALUES ($1, 'h5p', $2, $3, false) RETURNING id`,
        [`H5P ${level}`, h5pModule.id, level],
      );
      h5pCourseIds.push(course.id);
    }
    // Steady state: every learner has started every course (the first of each module completed by half of them),
    // so a save is the common autosave of a running session rather than a first insert.
    await db.query(
      `INSERT INTO course_progress (user_id, course_id, status, completion_percentage, score, tracking_data, completed_at, time_spent_seconds)
       SELECT u.id, c.id, CASE WHEN c.level = 1 AND u.id % 2 = 0 THEN 'completed' ELSE 'in_progress' END,
         CASE WHEN c.level = 1 AND u.id % 2 = 0 THEN 100 ELSE 40 END, 75,
         jsonb_build_object(
           'cmi.core.lesson_status', CASE WHEN c.level = 1 AND u.id % 2 = 0 THEN 'passed' ELSE 'incomplete' END,
           'cmi.core.score.raw', '75', 'cmi.core.score.max', '100', 'cmi.core.lesson_location', 'page-3',
           'cmi.suspend_data', repeat('x', 128)),
         CASE WHEN c.level = 1 AND u.id % 2 = 0 THEN now() END, 600
       FROM users u CROSS JOIN courses c`,
    );
    await db.query('ANALYZE');
    return { ids, courseIds, h5pCourseIds };
  } finally {
    await db.close();
  }
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const execArgv = process.env.BENCH_CPU_PROFILE ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : process.execArgv;
    const child = fork(process.argv[1], ['--serve'], { env: { ...process.env, ...env }, execArgv, stdio: 'inherit' });
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** A running session's autosave (location, suspend data, session time); one in ten (RESULT_SHARE) also reports a result. */
function trackingBody(): string {
  const page = Math.floor(Math.random() * 20);
  const result =
    Math.random() < RESULT_SHARE
      ? { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': String(60 + Math.floor(Math.random() * 40)), 'cmi.core.score.max': '100' }
      : {};
  return JSON.stringify({
    tracking_data: {
      'cmi.core.lesson_location': `page-${page}`,
      'cmi.core.exit': 'suspend',
      'cmi.suspend_data': randomBytes(96).toString('base64'),
      ...result,
    },
    time_spent: `00:${String(page).padStart(2, '0')}:30`,
    is_final: false,
  });
}

const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;

function printFigures(title: string, figures: LoadFigures): void {
  console.log(
    `${title.padEnd(38)} ${figures.achieved.toFixed(0).padStart(6)} req/s   p50 ${String(figures.p50).padStart(3)} ms   ` +
      `p99 ${String(figures.p99).padStart(3)} ms   max ${figures.max} ms   ok ${figures.ok}   non-2xx ${figures.non2xx}   errors ${figures.errors}`,
  );
}

async function measure(
  scenario: string,
  title: string,
  port: number,
  request: (req: autocannon.Request, context: Record<string, unknown>) => autocannon.Request,
  method: 'GET' | 'POST',
  /** Requests sharing one `context` per client: autocannon resets a client's context each time it has gone through its list. */
  perContext = 1,
) {
  if (ONLY && !ONLY.has(scenario)) return;
  const setupRequest = request as (req: autocannon.Request, context: object) => autocannon.Request;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: Array.from({ length: perContext }, () => ({ method, path: '/', setupRequest })),
  });
  printFigures(title, {
    achieved: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result.requests.total - result.non2xx - result.errors,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}

/** The latency learners see at a fixed offered load (BENCH_RATE), measured from each request's scheduled time. */
async function measurePaced(
  scenario: string,
  title: string,
  port: number,
  request: (context: Record<string, unknown>) => PacedRequest,
  perContext: number,
) {
  if (ONLY && !ONLY.has(scenario)) return;
  printFigures(title, await pacedLoad({ origin: `http://127.0.0.1:${port}`, clients: CONNECTIONS, rate: RATE, seconds: SECONDS, warmUpSeconds: 2, request, perContext }));
}

async function main(): Promise<void> {
  const serverUrl = parseConfig({ DATABASE_URL: process.env.DATABASE_URL, SECRET_KEY: SECRET }).databaseUrl;
  if (!serverUrl) {
    console.error('bench:api needs a PostgreSQL server: set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
    process.exitCode = 1;
    return;
  }
  const name = `bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'osaps-bench-'));
  let child: ChildProcess | null = null;
  try {
    const started = Date.now();
    const { ids, courseIds, h5pCourseIds } = await seed(url.toString());
    console.log(`Seeded ${LEARNERS} learners x ${courseIds.length} courses in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const server = await startServer(benchEnv(url.toString(), dataDir));
    child = server.child;
    const workers = Number(process.env.BENCH_WORKERS ?? 1);
    console.log(
      `${CONNECTIONS} concurrent keep-alive clients, ${SECONDS} s per scenario, ` +
        `${workers > 1 ? `${workers} app processes` : 'app in its own process'}\n`,
    );

    const headers = (id: string, extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${id}`,
      cookie: `${CSRF_COOKIE}=${CSRF}`,
      ...extra,
    });
    // Warm-up (JIT, connection pool, PostgreSQL caches), then the floor: one query, no sign-in.
    await autocannon({ url: `http://127.0.0.1:${server.port}/api/v1/health`, connections: 10, duration: 2 });
    await measure('health', 'GET /health (baseline: 1 query)', server.port, (req) => ({ ...req, method: 'GET', path: '/api/v1/health' }), 'GET');

    // Each client plays learners in running sessions: one learner in one course for SESSION_SAVES autosaves (the
    // client's context lives that many requests), then another.
    const session = (context: Record<string, unknown>, courses: readonly number[]) => {
      let current = context.session as { id: string; course: number } | undefined;
      if (!current) current = context.session = { id: pick(ids), course: pick(courses) };
      return current;
    };
    /** A running session's next autosave, as the bench's load generators (autocannon, paced) both send it. */
    const nextSave = (courses: readonly number[]) => (context: Record<string, unknown>): PacedRequest => {
      const { id, course } = session(context, courses);
      return {
        method: 'POST',
        path: `/api/v1/courses/id/${course}/progress/`,
        headers: headers(id, { 'content-type': 'application/json', [CSRF_HEADER]: CSRF }),
        body: trackingBody(),
      };
    };
    const saveRequest = (courses: readonly number[]) => (req: autocannon.Request, context: Record<string, unknown>) => ({
      ...req,
      ...nextSave(courses)(context),
    });
    // Warm-up of the save path itself, not printed: JIT of validation, mapping and presenters, every pool connection
    // and its prepared statements. Measured: the capacity keeps rising for the first ~8,000 saves.
    await autocannon({
      url: `http://127.0.0.1:${server.port}`,
      connections: CONNECTIONS,
      duration: 5,
      requests: [{ method: 'POST', path: '/', setupRequest: saveRequest(courseIds) as (req: autocannon.Request, context: object) => autocannon.Request }],
    });
    await measure('progress', 'POST progress/ (SCORM, with xAPI)', server.port, saveRequest(courseIds), 'POST', SESSION_SAVES);
    await measurePaced('progress-at-rate', `POST progress/ (SCORM) at ${RATE}/s offered`, server.port, nextSave(courseIds), SESSION_SAVES);
    // Every save the first of a new session (attempt state written, "initialized"/"resumed" statement).
    await measure('progress-session-start', 'POST progress/ (SCORM, session starts)', server.port, saveRequest(courseIds), 'POST');
    await measure('progress-no-xapi', 'POST progress/ (H5P: no xAPI mapping)', server.port, saveRequest(h5pCourseIds), 'POST', SESSION_SAVES);
    await measure('user-progress', 'GET /courses/user-progress/', server.port, (req) => ({
      ...req,
      method: 'GET',
      path: '/api/v1/courses/user-progress/',
      headers: headers(pick(ids)),
    }), 'GET');
  } finally {
    child?.disconnect();
    if (child && child.exitCode === null) await new Promise((resolve) => child?.once('exit', resolve));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
