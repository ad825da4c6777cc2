import { describe, expect, it } from 'vitest';
import { logActionLabel, logDetailsText } from './file-log';

describe('logActionLabel', () => {
  it('turns codes into words', () => {
    expect(logActionLabel('version_added')).toBe('Version added');
    expect(logActionLabel('published-version')).toBe('Published version');
    expect(logActionLabel('created')).toBe('Created');
    expect(logActionLabel('')).toBe('');
  });
});

describe('logDetailsText', () => {
  it('is empty without details', () => {
    expect(logDetailsText(null)).toBe('');
    expect(logDetailsText(undefined)).toBe('');
  });

  it('reads from/to pairs as a change and other values as they are', () => {
    expect(logDetailsText({ filename: { from: 'a.package', to: 'b.package' }, version: 2 })).toBe('filename: a.package → b.package, version: 2');
    expect(logDetailsText({ published_version: { from: null, to: 3 } })).toBe('published version: — → 3');
  });

  it('shows nested values as JSON and plain values as text', () => {
    expect(logDetailsText({ files: [1, 2] })).toBe('files: [1,2]');
    expect(logDetailsText('unpacked from chair.zip')).toBe('unpacked from chair.zip');
    expect(logDetailsText({ note: '' })).toBe('note: “”');
  });
});
