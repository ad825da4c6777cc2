import { loadConfig } from './config';
import { openAndPrepare } from './boot';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed/demo';

/** `npm run seed`: migrates and seeds demo data into the configured database if it has none. */
const config = loadConfig();
const { database, seeded, release } = await openAndPrepare(config, { seedDemo: true });
await database.close();
release();
console.log(
  seeded
    ? `Seeded demo data. Sign in with ${DEMO_MEMBERS.map((m) => m.email).join(', ')} (password ${DEMO_PASSWORD}).`
    : 'The database already has members; nothing was seeded. Use a fresh DATA_DIR (or database) for demo data.',
);
