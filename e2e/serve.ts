/**
 * Starts the real product for the end-to-end tests: a fresh embedded database with demo data
 * in .tmp/e2e-data, the web app built when stale, served on E2E port.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild } from '../scripts/web-build';

const dataDir = path.resolve(import.meta.dirname, '../.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
ensureWebBuild();
await import('../apps/server/src/main');
