import { describe, expect, it } from 'vitest';
import { byteSourceFromBytes } from './byte-source.reader';
import { readScriptSummary } from './script.reader';
import { expectGameFileErrorCode, fuzzIterations, fuzzReader, mutations, randomInputs, truncations, writeZipArchive } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);
const py = new TextEncoder().encode('import services\n');

const MOD = writeZipArchive(
  [
    { name: 'mymod/', data: new Uint8Array(0) },
    { name: 'mymod/__init__.pyc', data: py },
    { name: 'mymod/settings.pyc', data: py },
    { name: 'mymod/ui/menus.py', data: py },
    { name: 'README.txt', data: py },
  ],
  { comment: 'Built by a creator' },
);

describe('readScriptSummary', () => {
  it('lists a script mod’s Python modules from its central directory, source and compiled', async () => {
    expect(await readScriptSummary(byteSourceFromBytes(MOD))).toEqual({
      entryCount: 5,
      modules: ['mymod', 'mymod.settings', 'mymod.ui.menus'],
      hasSource: true,
      hasCompiled: true,
    });
  });

  it('reads an empty zip, and one with only compiled modules', async () => {
    expect(await readScriptSummary(byteSourceFromBytes(writeZipArchive([])))).toEqual({ entryCount: 0, modules: [], hasSource: false, hasCompiled: false });
    const compiled = await readScriptSummary(byteSourceFromBytes(writeZipArchive([{ name: 'a\\b.pyc', data: py }])));
    expect(compiled).toMatchObject({ modules: ['a.b'], hasSource: false, hasCompiled: true });
  });

  it('refuses what is no zip, a damaged directory and zip64 with the reason', async () => {
    const notZip = await expectGameFileErrorCode(() => readScriptSummary(byteSourceFromBytes(new Uint8Array(100))), 'SCRIPT_INVALID');
    expect(notZip.message).toContain('not a zip archive');
    const cut = MOD.slice();
    // The directory's offset pointed past the end.
    const view = new DataView(cut.buffer);
    const end = cut.length - 22 - 'Built by a creator'.length;
    view.setUint32(end + 16, cut.length, true);
    expect((await expectGameFileErrorCode(() => readScriptSummary(byteSourceFromBytes(cut)), 'SCRIPT_INVALID')).message).toContain('damaged');
    const zip64 = MOD.slice();
    new DataView(zip64.buffer).setUint16(end + 10, 0xffff, true);
    expect((await expectGameFileErrorCode(() => readScriptSummary(byteSourceFromBytes(zip64)), 'SCRIPT_INVALID')).message).toContain('zip64');
  });

  it('fuzz: mutations, truncations and random bytes end in a summary or a typed error', async () => {
    const read = (bytes: Uint8Array) => readScriptSummary(byteSourceFromBytes(bytes));
    const end = MOD.length - 22 - 'Built by a creator'.length;
    const tally = await fuzzReader(mutations(MOD, FUZZ_ITERATIONS, 91, [end + 8, end + 10, end + 12, end + 16, end + 20]), read);
    expect(tally.ok + tally.error).toBe(FUZZ_ITERATIONS);
    expect(tally.error).toBeGreaterThan(0);
    expect((await fuzzReader(truncations(MOD), read)).ok + (await fuzzReader(randomInputs(FUZZ_ITERATIONS, 92, 400, [0x50, 0x4b]), read)).error).toBeGreaterThan(0);
  });
});
