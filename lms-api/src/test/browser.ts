import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { fixture, repoRoot } from './fixtures';
import type { TestServer } from './server';

export { fixture, fixturesDir, repoRoot } from './fixtures';

/** The system Chromium (never a downloaded browser), headless and quiet: no network of its own, no updates. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Builds a web app workspace once when its dist is missing (the test server serves `<workspace>/dist`). */
export function ensureBuilt(workspace: string): void {
  if (existsSync(path.join(repoRoot, workspace, 'dist/index.html'))) return;
  execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
}

/** A small API client for browser-test set-up: anti-forgery cookie and header, optional bearer ID. */
export function apiClient(server: TestServer, anonymousId?: string) {
  const token = 'e2e-anti-forgery-token-0123456789';
  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    Cookie: `osaps_csrf=${token}`,
    'X-CSRF-Token': token,
    ...(anonymousId ? { Authorization: `Bearer ${anonymousId}` } : {}),
    ...extra,
  });
  const check = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const send = <T>(method: string, url: string, body: unknown) =>
    fetch(server.url + url, { method, headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(body) }).then((r) => check<T>(r));
  return {
    get: <T>(url: string) => fetch(server.url + url, { headers: headers() }).then((r) => check<T>(r)),
    send,
    post: <T>(url: string, body: unknown) => send<T>('POST', url, body),
    form: <T>(url: string, form: FormData, method = 'POST') => fetch(server.url + url, { method, headers: headers(), body: form }).then((r) => check<T>(r)),
  };
}

/** Generates and registers a user through the real API; `admin` also sets is_admin in the database. */
export async function createUser(server: TestServer, options: { nickname?: string; admin?: boolean } = {}): Promise<{ id: number; anonymousId: string }> {
  const api = apiClient(server);
  const generated = await api.post<{ anonymous_id: string; verification_token: string }>('/api/v1/users/generate-id', {});
  const user = await api.post<{ id: number }>('/api/v1/users/register', { ...generated, ...(options.nickname ? { nickname: options.nickname } : {}) });
  if (options.admin) await server.db.query('UPDATE users SET is_admin = true WHERE id = $1', [user.id]);
  return { id: user.id, anonymousId: generated.anonymous_id };
}

const formOf = (fields: Record<string, string>): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

export function createModule(server: TestServer, adminId: string, fields: Record<string, string>): Promise<{ id: number }> {
  return apiClient(server, adminId).form<{ id: number }>('/api/v1/modules/', formOf(fields));
}

/** Imports a fixture package (`file` below the shared fixtures) through the real import endpoint (POST /api/v1/courses/, multipart, admin). */
export function importCourse(server: TestServer, adminId: string, file: string, fields: Record<string, string>): Promise<{ id: number; title: string }> {
  const form = formOf(fields);
  form.set('package', new Blob([readFileSync(fixture(file))], { type: 'application/zip' }), path.basename(file));
  return apiClient(server, adminId).form<{ id: number; title: string }>('/api/v1/courses/', form);
}
