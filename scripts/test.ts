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
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`── ${label}: ${Math.floor(seconds / 60)} min ${seconds % 60} s ──`);
  return result.status ?? 1;
}

function vitestTally(file: string): Tally {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numFailedTests === 0 ? r.numFailedTestSuites : 0), skipped: r.numPendingTests + r.numTodoTests };
}

/** The names of the failed tests, so that the last lines of a run say what to look at. */
function vitestFailures(file: string): string[] {
  if (!fs.existsSync(file)) return ['vitest left no report'];
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string }[] }[] };
  return r.testResults.flatMap((suite) => {
    const where = path.relative(root, suite.name);
    const failed = suite.assertionResults.filter((t) => t.status === 'failed').map((t) => `${where} > ${t.fullName}`);
    return failed.length > 0 || suite.status !== 'failed' ? failed : [`${where}: ${(suite.message ?? 'failed to run').split('\n')[0]}`];
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; tests: { status: string }[] }[];
  suites?: PlaywrightSuite[];
}

function playwrightFailures(file: string): string[] {
  if (!fs.existsSync(file)) return ['playwright left no report'];
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as { suites: PlaywrightSuite[]; errors?: { message?: string }[] };
  const walk = (suite: PlaywrightSuite, trail: string[]): string[] => [
    ...(suite.specs ?? []).filter((s) => s.tests.some((t) => t.status === 'unexpected')).map((s) => [...trail, s.title].join(' > ')),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...trail, child.title])),
  ];
  return [...r.suites.flatMap((s) => walk(s, [s.title])), ...(r.errors ?? []).map((e) => `e2e: ${(e.message ?? 'error').split('\n')[0]}`)];
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
const failures = [...(tallies[0]!.failed ? vitestFailures(vitestJson) : []), ...(tallies[1]!.failed ? playwrightFailures(e2eJson) : [])];
fs.writeFileSync(path.join(out, 'test-summary.json'), JSON.stringify({ ...total, failures }));
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
