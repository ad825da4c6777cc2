import { describe, expect, it } from 'vitest';
import { byteSourceFromBytes } from './byte-source.reader';
import { readSims3PackSummary } from './sims3pack.reader';
import { expectGameFileErrorCode, fuzzIterations, fuzzReader, mutations, randomInputs, truncations, writeSims3Pack } from './test-fixtures';

const FUZZ_ITERATIONS = fuzzIterations(1500);

const MANIFEST = `<?xml version="1.0" encoding="utf-8"?>
<Sims3Package Type="Object" SubType="0x00000000">
  <DisplayName>Oak &amp; Brass Lamp</DisplayName>
  <PackagedFile><Name>lamp.package</Name><Length>120344</Length><Offset>0</Offset><Crc>1</Crc><Guid>0x1234abcd5678ef00</Guid></PackagedFile>
  <PackagedFile><Name>lamp_thumb.png</Name><Length>abc</Length></PackagedFile>
</Sims3Package>`;
const PACK = writeSims3Pack(MANIFEST, new Uint8Array(64));

describe('readSims3PackSummary', () => {
  it('reads the manifest: type, sub-type and the files it installs', async () => {
    expect(await readSims3PackSummary(byteSourceFromBytes(PACK))).toEqual({
      type: 'Object',
      subType: '0x00000000',
      files: [
        { name: 'lamp.package', length: 120344, guid: '0x1234abcd5678ef00' },
        { name: 'lamp_thumb.png', length: null, guid: null },
      ],
    });
  });

  it('refuses a manifest cut short, a length past the end and bytes of another kind', async () => {
    await expectGameFileErrorCode(() => readSims3PackSummary(byteSourceFromBytes(PACK.subarray(0, 40))), 'SIMS3PACK_INVALID');
    await expectGameFileErrorCode(() => readSims3PackSummary(byteSourceFromBytes(writeSims3Pack('<NotAPackage/>'))), 'SIMS3PACK_INVALID');
    await expectGameFileErrorCode(() => readSims3PackSummary(byteSourceFromBytes(new Uint8Array(40))), 'SIMS3PACK_INVALID');
  });

  it('fuzz: mutations, truncations and random bytes end in a summary or a typed error', async () => {
    const read = (bytes: Uint8Array) => readSims3PackSummary(byteSourceFromBytes(bytes));
    const tally = await fuzzReader(mutations(PACK, FUZZ_ITERATIONS, 93, [13]), read);
    expect(tally.ok + tally.error).toBe(FUZZ_ITERATIONS);
    expect(tally.ok).toBeGreaterThan(0);
    const cut = await fuzzReader(truncations(PACK.subarray(0, 200)), read);
    expect(cut.error).toBe(200);
    const random = await fuzzReader(randomInputs(FUZZ_ITERATIONS, 94, 300, [7, 0, 0, 0, 0x54, 0x53, 0x33, 0x50, 0x61, 0x63, 0x6b]), read);
    expect(random.ok + random.error).toBe(FUZZ_ITERATIONS);
  });
});
