// The operator CLI: `npm run users -- add|list|remove|passwd ...`, so a real deployment's first admin
// can be made. It talks to the same database the server uses (DATABASE_URL or the embedded one).
import { parseArgs } from 'node:util';
import { migrate, openDb } from '@hc/db/client';
import { GRANTABLE_ROLES, type Role } from '@hc/shared/constants';
import { loginRequestSchema } from '@hc/shared/api/auth';
import { loadConfig } from '../config.ts';
import { AccountRepository, normalizeEmail } from '../features/auth/accounts.ts';
import { hashPassword } from '../features/auth/passwords.ts';
import { SessionService } from '../features/auth/sessions.ts';

const USAGE = `Usage:
  npm run users -- add --email E --password P --publisher ID [--roles r1,r2] [--admin] [--identifier 40612]
  npm run users -- list
  npm run users -- remove --email E
  npm run users -- passwd --email E --password P

Roles: ${GRANTABLE_ROLES.join(', ')} (--admin makes an internal administrator for every publisher).
Note: with the embedded database, stop the server first (only one process can open it).`;

function die(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseRoles(value: string | undefined): Role[] {
  if (!value) return [];
  const roles = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = roles.filter((r) => !(GRANTABLE_ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) die(`Unknown role(s): ${unknown.join(', ')}`);
  return roles as Role[];
}

function checkCredentials(email: string | undefined, password: string | undefined) {
  const parsed = loginRequestSchema.safeParse({ email, password });
  if (!parsed.success)
    die(`Invalid e-mail or password: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  if (!/^[^@\s]+@[^@\s]+$/.test(parsed.data.email)) die('Invalid e-mail address.');
  if (parsed.data.password.length < 8) die('The password needs at least 8 characters.');
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      publisher: { type: 'string' },
      roles: { type: 'string' },
      admin: { type: 'boolean', default: false },
      identifier: { type: 'string' },
    },
  });
  if (!command || !['add', 'list', 'remove', 'passwd'].includes(command)) die('Missing or unknown command.');

  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(handle);
    const accounts = new AccountRepository(handle.db);
    const sessions = new SessionService(handle.db, {
      ttlHours: config.sessionTtlHours,
      idleMinutes: config.sessionIdleMinutes,
    });
    switch (command) {
      case 'add': {
        checkCredentials(values.email, values.password);
        const publisherId = Number(values.publisher);
        if (!Number.isInteger(publisherId) || publisherId <= 0) die('--publisher must be a publisher id.');
        if (!(await accounts.publishersExist([publisherId]))) die(`Publisher ${publisherId} does not exist.`);
        const email = normalizeEmail(values.email!);
        if (await accounts.findByEmail(email)) die(`A user ${email} already exists.`);
        await accounts.create({
          email,
          passwordHash: await hashPassword(values.password!),
          isAdmin: values.admin ?? false,
          publisherId,
          roles: parseRoles(values.roles),
          userIdentifier: values.identifier ?? null,
        });
        console.log(`Added ${email} for publisher ${publisherId}.`);
        break;
      }
      case 'list': {
        for (const row of await accounts.list()) {
          const roles =
            [...(row.isAdmin ? ['admin'] : []), ...(row.roles ?? [])].join(',') || '(logged in only)';
          console.log(
            `${row.email.padEnd(32)} publisher ${String(row.publisherId ?? '-').padEnd(6)} ${roles}`,
          );
        }
        break;
      }
      case 'remove': {
        const user = values.email ? await accounts.findByEmail(values.email) : undefined;
        if (!user) die(`No user ${values.email ?? ''}.`);
        await accounts.remove(user.id); // sessions go with the user (on delete cascade)
        console.log(`Removed ${user.email}; their sessions have ended.`);
        break;
      }
      case 'passwd': {
        checkCredentials(values.email, values.password);
        const user = await accounts.findByEmail(values.email!);
        if (!user) die(`No user ${values.email}.`);
        await accounts.setPasswordHash(user.id, await hashPassword(values.password!));
        await sessions.endAllForUser(user.id);
        console.log(`Password changed for ${user.email}; their sessions have ended.`);
        break;
      }
    }
  } finally {
    await handle.close();
  }
}

await main();
