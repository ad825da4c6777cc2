import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openAndPrepare } from './boot';
import { createMember, findMemberByEmail, grantRole, revokeRole } from './modules/member/member.service';

const USAGE = `Usage:
  npm run member -- add --email EMAIL --username NAME --password PASSWORD [--role ROLE ...]
  npm run member -- grant --email EMAIL --role ROLE
  npm run member -- revoke --email EMAIL --role ROLE`;

/** Adds a member or grants/revokes a role, on the configured database (DATA_DIR or DATABASE_URL). */
async function run(): Promise<string> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', multiple: true },
    },
  });
  const command = positionals[0];
  if (!command || !['add', 'grant', 'revoke'].includes(command) || !values.email) throw new Error(USAGE);
  const config = loadConfig();
  const { database, release } = await openAndPrepare(config, { seedDemo: false });
  try {
    const db = database.db;
    if (command === 'add') {
      if (!values.username || !values.password) throw new Error(USAGE);
      if (values.password.length < 8) throw new Error('The password must be at least 8 characters.');
      if (await findMemberByEmail(db, values.email)) throw new Error(`A member with e-mail ${values.email} exists already.`);
      const id = await db.transaction((tx) =>
        createMember(tx, { email: values.email!, username: values.username!, password: values.password!, roles: values.role ?? [] }),
      );
      return `Added member ${id} (${values.email})${values.role?.length ? ` with ${values.role.join(', ')}` : ''}.`;
    }
    const member = await findMemberByEmail(db, values.email);
    if (!member) throw new Error(`No member has the e-mail ${values.email}.`);
    if (!values.role?.length) throw new Error(USAGE);
    for (const role of values.role) {
      if (command === 'grant') await grantRole(db, member.id, role);
      else await revokeRole(db, member.id, role);
    }
    return `${command === 'grant' ? 'Granted' : 'Revoked'} ${values.role.join(', ')} ${command === 'grant' ? 'to' : 'from'} ${values.email}.`;
  } finally {
    await database.close();
    release();
  }
}

run().then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
