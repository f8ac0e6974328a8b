import path from 'node:path';
import type { Config } from './config/config';
import type { Db } from './db/db';
import type { FailureLimiter } from './auth/middleware';

/** What every domain's routes and services are given: nothing is reached through globals. */
export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly limiter: FailureLimiter;
  readonly paths: {
    /** Served at /api/v1/content/: module images and extracted course packages. */
    readonly content: string;
    /** Temporary uploads and extraction folders. */
    readonly tmp: string;
  };
  readonly log: (message: string, error?: unknown) => void;
}

export function contentPaths(config: Config): AppDeps['paths'] {
  return { content: path.join(config.dataDir, 'content'), tmp: path.join(config.dataDir, 'tmp') };
}
