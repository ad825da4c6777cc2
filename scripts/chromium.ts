import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const HOW = 'apt-get update && apt-get install -y chromium';

/** The Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

/**
 * Finds Chromium, or installs Debian's package when running as root; otherwise stops with the exact
 * command to run. Never lets the browser tier be skipped silently.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log(`Chromium is missing; installing Debian's package (${HOW})…`);
    execFileSync('bash', ['-c', `${HOW.replace('install -y', 'install -y -q')} >/dev/null`], { stdio: 'inherit' });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      'The end-to-end tests need Chromium, and it is not installed.',
      `Install it with:   sudo ${HOW}`,
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.',
    ].join('\n'),
  );
  process.exit(1);
}
