/**
 * `npm test`: the whole suite. Unit and integration tests (Vitest, on embedded PostgreSQL: PGlite),
 * then the end-to-end flows in a real Chromium (Playwright). Ends with "N passed, N failed".
 * Set TEST_DATABASE_URL to run the integration tests on a PostgreSQL server instead.
 */
import { spawn, spawnSync } from 'node:child_process';
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
fs.rmSync(vitestJson, { force: true });

/**
 * The end-to-end flows run in two Playwright processes at once, each with its own server, port,
 * data dir and output folder: one flow (accessibility.spec.ts, every page in two modes) takes a third
 * of the flows' time on one browser, and the flows run one at a time within a process because they
 * share their server's demo data. The second lane's output is kept in a file and printed after the
 * first's, so the two do not interleave.
 */
const flowsDir = path.join(root, 'e2e', 'flows');
const secondLaneFlows = ['accessibility.spec.ts'];
const allFlows = fs.readdirSync(flowsDir).filter((f) => f.endsWith('.spec.ts')).sort();
const lanes = [
  { name: 'flows', flows: allFlows.filter((f) => !secondLaneFlows.includes(f)), port: 3210, data: '.tmp/e2e-data', output: 'test-results/e2e', json: path.join(out, 'e2e.json'), log: null },
  { name: 'accessibility', flows: secondLaneFlows, port: 3211, data: '.tmp/e2e-data-a11y', output: 'test-results/e2e-a11y', json: path.join(out, 'e2e-a11y.json'), log: path.join(out, 'e2e-a11y.log') },
];
for (const lane of lanes) fs.rmSync(lane.json, { force: true });

const unitStatus = run('unit and integration tests (Vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

/** One Playwright process for a lane's flows; its output goes to the terminal, or to its log file. */
function runLane(lane: (typeof lanes)[number]): Promise<number> {
  // A flow is named by its path from the flows folder: Playwright reads each argument as a pattern of the file's path.
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...lane.flows.map((f) => `flows/${f}`)];
  const env = { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: lane.json, E2E_PORT: String(lane.port), E2E_DATA_DIR: lane.data, E2E_OUTPUT_DIR: path.join(root, lane.output) };
  const log = lane.log ? fs.openSync(lane.log, 'w') : null;
  const child = spawn('npx', args, { cwd: root, env, stdio: log === null ? 'inherit' : ['ignore', log, log] });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (log !== null) fs.closeSync(log);
      resolve(code ?? 1);
    });
  });
}

console.log(`\n── end-to-end tests (Playwright, Chromium), in ${lanes.length} processes: ${lanes.map((l) => `${l.name} (${l.flows.length} files)`).join(', ')} ──`);
const e2eStarted = performance.now();
const laneStatuses = await Promise.all(lanes.map(runLane));
for (const lane of lanes) {
  if (!lane.log) continue;
  console.log(`\n── end-to-end tests, ${lane.name} lane ──`);
  console.log(fs.existsSync(lane.log) ? fs.readFileSync(lane.log, 'utf8') : '(no output)');
}
const e2eSeconds = Math.round((performance.now() - e2eStarted) / 1000);
console.log(`── end-to-end tests: ${Math.floor(e2eSeconds / 60)} min ${e2eSeconds % 60} s ──`);

const e2eTallies = lanes.map((lane) => playwrightTally(lane.json));
lanes.forEach((_, i) => {
  if (laneStatuses[i] !== 0 && e2eTallies[i]!.failed === 0) e2eTallies[i]!.failed += 1;
});
const e2eTally = e2eTallies.reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed, skipped: a.skipped + t.skipped }));
const tallies = [vitestTally(vitestJson), e2eTally];
const total = tallies.reduce((a, t) => ({ passed: a.passed + t.passed, failed: a.failed + t.failed, skipped: a.skipped + t.skipped }), { passed: 0, failed: 0, skipped: 0 });
if (unitStatus !== 0 && tallies[0]!.failed === 0) total.failed += 1;
console.log(`\nunit+integration: ${tallies[0]!.passed} passed, ${tallies[0]!.failed} failed; e2e: ${tallies[1]!.passed} passed, ${tallies[1]!.failed} failed`);
const failures = [...(tallies[0]!.failed ? vitestFailures(vitestJson) : []), ...lanes.flatMap((lane, i) => (e2eTallies[i]!.failed ? playwrightFailures(lane.json) : []))];
fs.writeFileSync(path.join(out, 'test-summary.json'), JSON.stringify({ ...total, failures }));
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
