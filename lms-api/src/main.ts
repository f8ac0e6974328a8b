import { ConfigError, parseConfig, type Config } from './config/config';
import { allMigrations } from './db/all-migrations';
import { migrate, openDatabase } from './db/index';
import { createApp } from './app';
import { seedDemoContent } from './demo/seed';

function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = loadConfig();
const db = await openDatabase(config);
const applied = await migrate(db, allMigrations);
if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
if (config.seedDemo) await seedDemoContent({ config, db });
const { app } = createApp({ config, db });
const server = app.listen(config.port, config.host, () => {
  const where = config.databaseUrl ? 'PostgreSQL server' : `embedded PGlite in ${config.dataDir}`;
  console.log(`OSAPS learning platform listening on http://localhost:${config.port} (${where})`);
});

async function shutdown(signal: string): Promise<void> {
  console.log(`${signal} received, closing`);
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
