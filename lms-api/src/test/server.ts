import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../app';
import { testConfig, type Config } from '../config/config';
import type { AppDeps } from '../deps';
import { createTestDb, type TestDb } from './db';

export interface TestServer {
  /** Origin of the running platform, e.g. http://127.0.0.1:41234 */
  url: string;
  db: TestDb;
  config: Config;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The whole platform (API, LRS, content and the built web apps) listening on 127.0.0.1 and a free port, on a
 * fresh database and data folder: what end-to-end browser tests run against.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'osaps-e2e-'));
  const db = await createTestDb();
  // Listen first so the app is configured with the origin it is really reached at.
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const config = testConfig(dataDir, { publicUrl: url, ...overrides });
  const { app, deps } = createApp({ config, db, log: (message, error) => console.error(message, error) });
  server.on('request', app);
  return {
    url,
    db,
    config,
    deps,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
