import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is lms-api/src/test/fixtures.ts). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The shared, read-only fixture packages, next to the repository (never copied into it). */
export const fixturesDir = path.resolve(repoRoot, '../shared/fixtures');

/** A path below the shared fixtures, e.g. `fixture('scorm', 'golf-scorm12-runtime-basic-single-sco.zip')`. */
export const fixture = (...parts: string[]): string => path.join(fixturesDir, ...parts);
