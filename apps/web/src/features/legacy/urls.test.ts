import { describe, expect, it } from 'vitest';
import { archivedItemPath, archiveSearchVariables, DEFAULT_ARCHIVE_PARAMS, isArchiveFiltered, readArchiveParams, writeArchiveParams } from './urls';

describe('the archive’s URL parameters', () => {
  it('reads what it wrote, leaving the deleted files’ parameters as they were', () => {
    const params = { text: 'velvet sofa', creator: 'cora', game: 4 as const, status: 'published' as const, hidden: 'visible' as const, page: 3 };
    const written = writeArchiveParams(new URLSearchParams('search=chair&page=2&legacy=old'), params);
    expect(written.toString()).toBe('search=chair&page=2&legacy=velvet+sofa&creator=cora&game=4&status=published&hidden=visible&legacyPage=3');
    expect(readArchiveParams(written)).toEqual(params);
  });

  it('falls back to the defaults for anything malformed, and writes nothing for them', () => {
    expect(readArchiveParams(new URLSearchParams('game=5&status=approved&hidden=maybe&legacyPage=-1'))).toEqual(DEFAULT_ARCHIVE_PARAMS);
    expect(writeArchiveParams(new URLSearchParams(), DEFAULT_ARCHIVE_PARAMS).toString()).toBe('');
    expect(isArchiveFiltered(DEFAULT_ARCHIVE_PARAMS)).toBe(false);
    expect(isArchiveFiltered({ ...DEFAULT_ARCHIVE_PARAMS, hidden: 'hidden' })).toBe(true);
  });

  it('searches by ID for a number and by title otherwise (SPEC 9)', () => {
    expect(archiveSearchVariables({ ...DEFAULT_ARCHIVE_PARAMS, text: '4501' })).toMatchObject({ id: 4501, title: null });
    expect(archiveSearchVariables({ ...DEFAULT_ARCHIVE_PARAMS, text: '1920s lamp', hidden: 'hidden' })).toMatchObject({ id: null, title: '1920s lamp', isHidden: true });
    expect(archiveSearchVariables(DEFAULT_ARCHIVE_PARAMS)).toMatchObject({ id: null, title: null, creator: null, isHidden: null, page: 1 });
    expect(archivedItemPath(4501)).toBe('/staff/archived/4501');
  });
});
