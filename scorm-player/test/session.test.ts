// Sessions: resume semantics, when saves happen, failed saves kept and retried, multi-SCO keys,
// clean reset between SCOs and navigation requests surfaced as events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScormSession, mountScormRuntime } from '../src/session.js';
import { createMemoryAdapter, type PersistenceAdapter, type SavePayload } from '../src/persistence/adapter.js';
import { readPendingSave } from '../src/persistence/save-scheduler.js';
import type { TrackingData } from '../src/runtime/api-state.js';
import { Scorm2004Api } from '../src/scorm2004/api.js';
import { Scorm12Api } from '../src/scorm12/api.js';
import { createHttpAdapter } from '../src/persistence/http-adapter.js';

class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

type HostWindow = Window & { API?: unknown; API_1484_11?: unknown };
const hostWindow = (): HostWindow => new EventTarget() as unknown as HostWindow;

/** An adapter whose server can be switched off, like a network or server blink. */
function flakyAdapter(initial: TrackingData | null = null) {
  const memory = createMemoryAdapter(initial, 'course-1');
  let up = true;
  const adapter: PersistenceAdapter = {
    key: memory.key,
    load: () => (up ? memory.load() : Promise.reject(new Error('offline'))),
    save: (payload, options) => {
      calls.push({ payload, keepalive: options?.keepalive ?? false });
      return up ? memory.save(payload) : Promise.reject(new Error('offline'));
    },
  };
  const calls: Array<{ payload: SavePayload; keepalive: boolean }> = [];
  return {
    adapter,
    calls,
    memory,
    setUp(value: boolean) {
      up = value;
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('saving (platform spec 4 "Course player and tracking")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('throttles commits to one save per 5 s with a trailing save, and autosaves every 30 s', async () => {
    const server = flakyAdapter();
    const storage = new MemoryStorage();
    const mounted = await mountScormRuntime({ version: '2004', window: hostWindow(), adapter: server.adapter, storage });
    const api = mounted.api as Scorm2004Api;
    api.Initialize('');
    api.SetValue('cmi.location', 'p1');
    api.Commit('');
    await flush();
    expect(server.calls).toHaveLength(1);
    api.SetValue('cmi.location', 'p2');
    api.Commit('');
    vi.advanceTimersByTime(1000);
    api.Commit('');
    await flush();
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1].payload.tracking_data['cmi.location']).toBe('p2');
    // No commit: the 30 s autosave sends changed data, and nothing when nothing changed.
    api.SetValue('cmi.location', 'p3');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2].payload.tracking_data['cmi.location']).toBe('p3');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.calls).toHaveLength(3);
    await mounted.terminate();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('saves at once on completed/passed and on finish (is_final, time_spent from session time)', async () => {
    const server = flakyAdapter();
    const mounted = await mountScormRuntime({ version: '1.2', window: hostWindow(), adapter: server.adapter, storage: new MemoryStorage() });
    const api = mounted.api as Scorm12Api;
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    await flush();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].payload.is_final).toBe(false);
    api.LMSSetValue('cmi.core.session_time', '00:01:30');
    await flush();
    api.LMSFinish('');
    await flush();
    const last = server.calls[server.calls.length - 1].payload;
    expect(last.is_final).toBe(true);
    expect(last.time_spent).toBe('00:01:30');
    expect(last.tracking_data['cmi.core.lesson_status']).toBe('completed');
    expect(last.tracking_data['cmi.core.total_time']).toBe('0000:01:30');
    await mounted.terminate();
  });

  it('settles a save requested during a slow save only once a save with that state has reached the server', async () => {
    const memory = createMemoryAdapter(null, 'course-1');
    const releases: Array<() => void> = [];
    const delivered: SavePayload[] = [];
    const adapter: PersistenceAdapter = {
      key: memory.key,
      load: () => memory.load(),
      // The server answers only when the test releases the request.
      save: (payload) => new Promise<void>((resolve) => releases.push(() => (delivered.push(payload), resolve()))),
    };
    const session = await ScormSession.open({ version: '1.2', window: hostWindow(), adapter, storage: new MemoryStorage(), multiSco: true });
    const first = session.launch({ scoId: 'a' }).api as Scorm12Api;
    first.LMSInitialize('');
    first.LMSFinish('');
    const second = session.launch({ scoId: 'b' }).api as Scorm12Api;
    second.LMSInitialize('');
    second.LMSFinish('');
    let closed = false;
    const closing = session.close().then(() => (closed = true));
    await flush();
    expect(releases).toHaveLength(1);
    releases[0]();
    for (let i = 0; i < 10; i++) await flush();
    // The first save ended, but it predates SCO b's data: close() still waits for the follow-up.
    expect(closed).toBe(false);
    expect(releases).toHaveLength(2);
    releases[1]();
    await closing;
    expect(delivered.at(-1)?.tracking_data['b/cmi.core.lesson_status']).toBe('completed');
    expect(delivered.at(-1)?.is_final).toBe(true);
  });

  it('keeps a failed save in localStorage and retries it on "online", on the next save and on the next load', async () => {
    const server = flakyAdapter();
    const storage = new MemoryStorage();
    const win = hostWindow();
    const mounted = await mountScormRuntime({ version: '2004', window: win, adapter: server.adapter, storage });
    const api = mounted.api as Scorm2004Api;
    const errors: unknown[] = [];
    mounted.addEventListener('saveerror', (e) => errors.push(e.detail.error));
    api.Initialize('');
    server.setUp(false);
    expect(api.SetValue('cmi.suspend_data', 'blink-1')).toBe('true');
    expect(api.Commit('')).toBe('true');
    await flush();
    expect(errors).toHaveLength(1);
    expect(readPendingSave('course-1', storage)?.tracking_data['cmi.suspend_data']).toBe('blink-1');
    server.setUp(true);
    win.dispatchEvent(new Event('online'));
    await flush();
    expect(readPendingSave('course-1', storage)).toBeNull();
    expect((await server.memory.load())?.['cmi.suspend_data']).toBe('blink-1');

    // The server blinks again and the page is closed before anything gets through.
    server.setUp(false);
    api.SetValue('cmi.suspend_data', 'blink-2');
    api.SetValue('cmi.exit', 'suspend');
    api.Terminate('');
    await flush();
    await mounted.terminate();
    expect(readPendingSave('course-1', storage)?.tracking_data['cmi.suspend_data']).toBe('blink-2');
    server.setUp(true);
    const next = await mountScormRuntime({ version: '2004', window: win, adapter: server.adapter, storage });
    const resumed = next.api as Scorm2004Api;
    resumed.Initialize('');
    expect(resumed.GetValue('cmi.entry')).toBe('resume');
    expect(resumed.GetValue('cmi.suspend_data')).toBe('blink-2');
    expect(readPendingSave('course-1', storage)).toBeNull();
    expect((await server.memory.load())?.['cmi.suspend_data']).toBe('blink-2');
    await next.terminate();
  });

  it('refuses to start empty when loading fails and nothing was kept (the host shows its retry state)', async () => {
    const server = flakyAdapter({ 'cmi.location': 'saved-on-server' });
    server.setUp(false);
    const opening = mountScormRuntime({ version: '2004', window: hostWindow(), adapter: server.adapter, storage: new MemoryStorage() });
    const outcome = opening.then(
      () => 'opened',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(await outcome).toBe('offline');
    expect(server.calls).toHaveLength(0);
  });

  it('saves at once when a 2004 SCO becomes completed through its progress measure', async () => {
    const server = flakyAdapter();
    const mounted = await mountScormRuntime({ version: '2004', window: hostWindow(), adapter: server.adapter, storage: new MemoryStorage(), completionThreshold: 0.8 });
    const changes: string[] = [];
    mounted.addEventListener('statuschange', (e) => changes.push(`${e.detail.element}=${e.detail.value}`));
    const api = mounted.api as Scorm2004Api;
    api.Initialize('');
    api.SetValue('cmi.progress_measure', '0.5');
    await flush();
    expect(server.calls).toHaveLength(0);
    api.SetValue('cmi.progress_measure', '0.9');
    await flush();
    expect(changes).toEqual(['cmi.completion_status=incomplete', 'cmi.completion_status=completed']);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0].payload.tracking_data['cmi.completion_status']).toBe('completed');
    await mounted.terminate();
  });

  it('sends a keepalive save on pagehide', async () => {
    const server = flakyAdapter();
    const win = hostWindow();
    const mounted = await mountScormRuntime({ version: '2004', window: win, adapter: server.adapter, storage: new MemoryStorage() });
    (mounted.api as Scorm2004Api).Initialize('');
    (mounted.api as Scorm2004Api).SetValue('cmi.location', 'leaving');
    win.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(server.calls.at(-1)).toMatchObject({ keepalive: true, payload: { tracking_data: { 'cmi.location': 'leaving' } } });
    // The SCO's own unload handler terminates after the host's pagehide: that save must outlive the page too.
    (mounted.api as Scorm2004Api).SetValue('cmi.exit', 'suspend');
    (mounted.api as Scorm2004Api).Terminate('');
    await flush();
    expect(server.calls.at(-1)).toMatchObject({ keepalive: true, payload: { is_final: true, tracking_data: { 'cmi.exit': 'suspend' } } });
    await mounted.terminate();
  });
});

describe('SCORM 2004 attempts (RTE 4.2.8 entry, 4.2.26 total time)', () => {
  it('resumes only after exit=suspend or suspendAll; a normal exit starts a new attempt', async () => {
    const server = createMemoryAdapter(null, 'c');
    const open = () => mountScormRuntime({ version: '2004', window: hostWindow(), adapter: server, storage: null, autosaveMs: 0 });
    let m = await open();
    let api = m.api as Scorm2004Api;
    api.Initialize('');
    expect(api.GetValue('cmi.entry')).toBe('ab-initio');
    api.SetValue('cmi.location', 'L1');
    api.SetValue('cmi.session_time', 'PT1H2M');
    api.SetValue('cmi.exit', 'suspend');
    api.Terminate('');
    await m.terminate();
    m = await open();
    api = m.api as Scorm2004Api;
    api.Initialize('');
    expect(api.GetValue('cmi.entry')).toBe('resume');
    expect(api.GetValue('cmi.location')).toBe('L1');
    expect(api.GetValue('cmi.total_time')).toBe('PT1H2M');
    api.SetValue('cmi.session_time', 'PT30S');
    api.SetValue('cmi.exit', 'normal');
    api.Terminate('');
    await m.terminate();
    expect((await server.load())?.['cmi.total_time']).toBe('PT1H2M30S');
    m = await open();
    api = m.api as Scorm2004Api;
    api.Initialize('');
    expect(api.GetValue('cmi.entry')).toBe('ab-initio');
    expect(api.GetValue('cmi.location')).toBe('');
    expect(api.GetLastError()).toBe('403');
    expect(api.GetValue('cmi.total_time')).toBe('PT0H0M0S');
    await m.terminate();
  });
});

describe('the APIs never throw into the content', () => {
  it('works with methods called detached from the API object', () => {
    const { Initialize, SetValue, GetValue, GetLastError } = new Scorm2004Api();
    expect(Initialize('')).toBe('true');
    expect(SetValue('cmi.location', 'x')).toBe('true');
    expect(GetValue('cmi.location')).toBe('x');
    expect(GetLastError()).toBe('0');
    const { LMSInitialize, LMSGetValue } = new Scorm12Api();
    expect(LMSInitialize('')).toBe('true');
    expect(LMSGetValue('cmi.core.lesson_status')).toBe('not attempted');
  });
});

describe('multi-SCO courses', () => {
  it('keys each SCO by item identifier, resets cleanly between SCOs and surfaces navigation requests', async () => {
    const server = createMemoryAdapter(null, 'multi');
    const win = hostWindow();
    const session = await ScormSession.open({ version: '2004', window: win, adapter: server, multiSco: true, storage: null, autosaveMs: 0 });
    const requests: string[] = [];
    session.addEventListener('navrequest', (e) => requests.push(`${e.detail.scoId}:${e.detail.kind}:${e.detail.target ?? ''}`));

    const first = session.launch({ scoId: 'item_1' });
    expect(win.API_1484_11).toBe(first.api);
    const a = first.api as Scorm2004Api;
    a.Initialize('');
    a.SetValue('cmi.location', 'one');
    a.SetValue('cmi.session_time', 'PT10S');
    a.SetValue('adl.nav.request', '{target=item_2}choice');
    a.Terminate('');
    expect(requests).toEqual(['item_1:choice:item_2']);

    const second = session.launch({ scoId: 'item_2' });
    expect(win.API_1484_11).toBe(second.api);
    const b = second.api as Scorm2004Api;
    b.Initialize('');
    expect(b.GetValue('cmi.location')).toBe('');
    expect(b.GetValue('cmi.total_time')).toBe('PT0H0M0S');
    b.SetValue('cmi.location', 'two');
    b.SetValue('adl.nav.request', 'continue');
    b.Terminate('');
    expect(requests).toEqual(['item_1:choice:item_2', 'item_2:continue:']);
    await session.close();
    expect(win.API_1484_11).toBeUndefined();

    const saved = await server.load();
    expect(saved?.['item_1/cmi.location']).toBe('one');
    expect(saved?.['item_1/cmi.total_time']).toBe('PT10S');
    expect(saved?.['item_2/cmi.location']).toBe('two');
    expect(saved?.['cmi.location']).toBeUndefined();
  });

  it('unmounts a SCO that never terminated and keeps what it stored', async () => {
    const server = createMemoryAdapter(null, 'multi2');
    const win = hostWindow();
    const session = await ScormSession.open({ version: '1.2', window: win, adapter: server, multiSco: true, storage: null, autosaveMs: 0 });
    const first = session.launch({ scoId: 'sco-a' });
    (first.api as Scorm12Api).LMSInitialize('');
    (first.api as Scorm12Api).LMSSetValue('cmi.core.lesson_location', 'half-way');
    session.launch({ scoId: 'sco-b' });
    expect(win.API).not.toBe(first.api);
    await session.close();
    expect(win.API).toBeUndefined();
    expect((await server.load())?.['sco-a/cmi.core.lesson_location']).toBe('half-way');
  });
});

describe('HTTP adapter', () => {
  it('keeps failed saves apart per learner without writing the learner ID', () => {
    let id = 'learner-one-secret';
    const adapter = createHttpAdapter({ courseId: 7, getAnonymousId: () => id });
    const first = adapter.key;
    id = 'learner-two-secret';
    expect(adapter.key).not.toBe(first);
    expect(first.startsWith('course-7:')).toBe(true);
    expect(first).not.toContain('learner-one-secret');
  });
});
