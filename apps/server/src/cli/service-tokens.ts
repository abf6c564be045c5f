// The operator CLI of the ingest API's service tokens: `npm run tokens -- create|list|revoke ...`.
// A token feeds exactly one publisher; it is printed once at creation and only its hash is stored.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Db } from '@hc/db/client';
import { migrate, openDb } from '@hc/db/client';
import { loadConfig } from '../config.ts';
import { ServiceTokenRepository } from '../features/ingest/tokens.ts';

export const TOKENS_USAGE = `Usage:
  npm run tokens -- create --name NAME --publisher ID   prints the new token once
  npm run tokens -- list
  npm run tokens -- revoke --id ID

The pipeline sends the token as "Authorization: Bearer <token>" to /api/ingest/v1 (docs/ingest.md).
Note: with the embedded database, stop the server first (only one process can open it).`;

/** A refusal of the command line: the message, then the usage, and exit code 2. */
export class UsageError extends Error {}

const positiveInt = (value: string | undefined, flag: string): number => {
  const n = Number(value);
  if (!value || !Number.isInteger(n) || n <= 0)
    throw new UsageError(`${flag} must be a positive whole number.`);
  return n;
};

function parsedOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { name: { type: 'string' }, publisher: { type: 'string' }, id: { type: 'string' } },
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one command against the database; lines go to `print`. */
export async function runTokensCommand(args: string[], db: Db, print: (line: string) => void): Promise<void> {
  const [command, ...rest] = args;
  const values = parsedOptions(rest);
  const tokens = new ServiceTokenRepository(db);
  switch (command) {
    case 'create': {
      const name = values.name?.trim();
      if (!name)
        throw new UsageError('--name is required (what the token is for, e.g. "highlight pipeline").');
      const publisherId = positiveInt(values.publisher, '--publisher');
      if (!(await tokens.publisherExists(publisherId)))
        throw new UsageError(`Publisher ${publisherId} does not exist.`);
      const { row, token } = await tokens.create(name, publisherId);
      print(`Created service token ${row.id} "${name}" for publisher ${publisherId}.`);
      print(`Token (shown only now, store it in the pipeline's secrets): ${token}`);
      return;
    }
    case 'list': {
      const rows = await tokens.list();
      if (rows.length === 0) print('No service tokens.');
      for (const t of rows) {
        const state = t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'live';
        const used = t.lastUsedAt ? t.lastUsedAt.toISOString() : 'never';
        print(
          `${String(t.id).padEnd(5)} ${t.name.padEnd(28)} publisher ${String(t.publisherId).padEnd(6)} ` +
            `(${t.publisherName})  created ${t.createdAt.toISOString()}  last used ${used}  ${state}`,
        );
      }
      return;
    }
    case 'revoke': {
      const id = positiveInt(values.id, '--id');
      if (!(await tokens.revoke(id))) throw new UsageError(`No live service token ${id}.`);
      print(`Revoked service token ${id}; calls with it are refused from now on.`);
      return;
    }
    default:
      throw new UsageError('Missing or unknown command.');
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle);
    await runTokensCommand(process.argv.slice(2), handle.db, (line) => console.log(line));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${TOKENS_USAGE}`);
    process.exitCode = 2;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
