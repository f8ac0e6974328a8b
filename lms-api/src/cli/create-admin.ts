/**
 * `npm run create-admin [-- --nickname NAME]`: creates an administrator and prints its anonymous ID once
 * (DESIGN.md 6: the first admin comes from a documented command, never from a default credential).
 */
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config/config';
import { allMigrations } from '../db/all-migrations';
import { migrate, openDatabase } from '../db/index';
import { createAdministrator } from '../users/service';

const USAGE = 'Usage: npm run create-admin [-- --nickname NAME]';

async function main(): Promise<number> {
  let nickname: string | null;
  try {
    const { values } = parseArgs({ options: { nickname: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    nickname = values.nickname ?? null;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (nickname !== null && nickname.trim().length > 50) {
    console.error('The nickname must be at most 50 characters long.');
    return 2;
  }

  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const db = await openDatabase(config);
  try {
    await migrate(db, allMigrations);
    const { anonymousId, user } = await createAdministrator(db, config, nickname);
    console.log(`Administrator created (user id ${user.id}${user.nickname ? `, nickname "${user.nickname}"` : ''}).`);
    console.log('Anonymous ID, shown only this once. Keep it safe: it is the only way to sign in as this administrator.');
    console.log('');
    console.log(`  ${anonymousId}`);
    console.log('');
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
