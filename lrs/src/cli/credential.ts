/**
 * LRS credentials from the command line (root script `npm run lrs-credential -- ...`):
 *   create [--scope statements/write --scope ...] [--label NAME]   prints key and secret
 *   list                                                            lists credentials
 *   revoke KEY                                                      revokes one
 */
import { parseConfig } from '../../../lms-api/src/config/config';
import { allMigrations } from '../../../lms-api/src/db/all-migrations';
import { migrate, openDatabase } from '../../../lms-api/src/db/index';
import { createCredential, CredentialError, listCredentials, revokeCredential, SCOPES } from '../auth/credentials';

const USAGE = `usage: npm run lrs-credential -- create [--scope SCOPE ...] [--label NAME]
       npm run lrs-credential -- list
       npm run lrs-credential -- revoke KEY
scopes: ${SCOPES.join(', ')} (default: all)`;

function parseCreateArgs(args: string[]): { scopes: string[]; label?: string } {
  const scopes: string[] = [];
  let label: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    const [name, inline] = arg.split('=', 2);
    const value = inline ?? args[i + 1];
    if (name === '--scope' || name === '--label') {
      if (value === undefined) throw new CredentialError(`${name} needs a value`);
      if (inline === undefined) i += 1;
      if (name === '--scope') scopes.push(value);
      else label = value;
    } else {
      throw new CredentialError(`unknown argument "${arg}"`);
    }
  }
  return { scopes, label };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || !['create', 'list', 'revoke'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db, allMigrations);
    if (command === 'create') {
      const { key, secret, label, scopes } = await createCredential(db, parseCreateArgs(rest));
      console.log(`label:  ${label}\nscopes: ${scopes.join(' ')}\nkey:    ${key}\nsecret: ${secret}`);
      console.log('The secret is shown once; only its hash is stored.');
    } else if (command === 'list') {
      for (const c of await listCredentials(db)) {
        console.log(`${c.key}  ${c.revokedAt ? 'revoked' : 'live   '}  ${c.scopes.join(',')}  ${c.label}`);
      }
    } else {
      const key = rest[0];
      if (!key) throw new CredentialError('revoke needs the key');
      if (!(await revokeCredential(db, key))) throw new CredentialError(`no live credential with key ${key}`);
      console.log(`revoked ${key}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CredentialError) {
      console.error(`error: ${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await db.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
