import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
/** Where the build goes: WEB_DIST when set (as the server reads it), so two checkouts' runs can build apart. */
const outDir = path.resolve(process.env.WEB_DIST ?? path.join(web, 'dist'));
const builtIndex = path.join(outDir, 'index.html');

/** Everything the web build is made from; a newer file than the build means it is stale. */
const SOURCES = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/domain/src'),
  path.join(root, 'schema.graphql'),
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the web app when its build is missing or older than its sources. */
export function ensureWebBuild(): void {
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt ? 'The web app changed since its last build; building it…' : 'Building the web app (first start)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: web, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The web app did not build; see the errors above.');
    process.exit(result.status ?? 1);
  }
}
