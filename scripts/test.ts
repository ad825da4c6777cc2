/**
 * `npm test`: the whole suite. Unit and integration tests (Vitest, on embedded PostgreSQL: PGlite),
 * then the end-to-end flows in a real Chromium (Playwright). Ends with "N passed, N failed".
 * Set TEST_DATABASE_URL to run the integration tests on a PostgreSQL server instead.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium';
import { ensureWebBuild } from './web-build';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp');
fs.mkdirSync(out, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitestTally(file: string): Tally {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numFailedTests === 0 ? r.numFailedTestSuites : 0), skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightTally(file: string): Tally {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; errors?: unknown[] };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected + (r.errors?.length ?? 0), skipped: r.stats.skipped };
}

const chromium = ensureChromium();
ensureWebBuild();

const vitestJson = path.join(out, 'vitest.json');
const e2eJson = path.join(out, 'e2e.json');
fs.rmSync(vitestJson, { force: true });
fs.rmSync(e2eJson, { force: true });

const unitStatus = run('unit and integration tests (Vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const e2eStatus = run('end-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson,
});

const tallies = [vitestTally(vitestJson), playwrightTally(e2eJson)];
const total = tallies.reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed, skipped: a.skipped + t.skipped }), { passed: 0, failed: 0, skipped: 0 });
if (unitStatus !== 0 && tallies[0]!.failed === 0) total.failed += 1;
if (e2eStatus !== 0 && tallies[1]!.failed === 0) total.failed += 1;
console.log(`\nunit+integration: ${tallies[0]!.passed} passed, ${tallies[0]!.failed} failed; e2e: ${tallies[1]!.passed} passed, ${tallies[1]!.failed} failed`);
fs.writeFileSync(path.join(out, 'test-summary.json'), JSON.stringify(total));
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
