import type { Migration } from './migrate';
import { coreMigrations } from './migrations';
import { progressMigrations } from '../progress/migrations';
import { lrsMigrations } from 'lrs';

/** Every migration the platform runs at start-up, core first. */
export const allMigrations: Migration[] = [...coreMigrations, ...progressMigrations, ...lrsMigrations];
