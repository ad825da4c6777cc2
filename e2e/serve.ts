/**
 * Starts the real product for the end-to-end tests: a fresh embedded database with demo data
 * in .tmp/e2e-data, the web app built when stale, served on E2E port. E-mails go to a real SMTP
 * server started here, which writes them to mails.json in the data dir (see mail-catcher.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild } from '../scripts/web-build';
import { mailsFile, startMailCatcher } from './mail-catcher';

// E2E_DATA_DIR lets two runs (on two E2E_PORTs) share one machine.
const dataDir = path.resolve(import.meta.dirname, '..', process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
fs.mkdirSync(dataDir, { recursive: true });
process.env.SMTP_URL = await startMailCatcher(mailsFile(dataDir));
ensureWebBuild();
await import('../apps/server/src/main');
