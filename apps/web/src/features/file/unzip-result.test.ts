import { describe, expect, it } from 'vitest';
import { NO_MESSAGE, readUnzipResult } from './unzip-result';

describe('readUnzipResult', () => {
  it('reads ok with the new files', () => {
    expect(readUnzipResult('{"status":"ok","message":"Unpacked 3 files; skipped readme.txt.","files":[4,5,6]}')).toEqual({
      status: 'ok',
      message: 'Unpacked 3 files; skipped readme.txt.',
      files: [4, 5, 6],
    });
  });

  it('reads pending', () => {
    expect(readUnzipResult('{"status":"pending","message":"Still unpacking."}')).toEqual({ status: 'pending', message: 'Still unpacking.', files: [] });
  });

  it('reads an error with its message, or SPEC 8’s default text', () => {
    expect(readUnzipResult('{"status":"error","message":"The zip holds a path that leaves its folder: ../evil.package"}')).toEqual({
      status: 'error',
      message: 'The zip holds a path that leaves its folder: ../evil.package',
      files: [],
    });
    expect(readUnzipResult('{"status":"error"}').message).toBe(NO_MESSAGE);
  });

  it('treats anything unexpected as an error, never as success', () => {
    expect(readUnzipResult('{"status":"done","message":"?"}')).toEqual({ status: 'error', message: '?', files: [] });
    expect(readUnzipResult('[]')).toEqual({ status: 'error', message: NO_MESSAGE, files: [] });
    expect(readUnzipResult('Internal error')).toEqual({ status: 'error', message: 'Internal error', files: [] });
    expect(readUnzipResult(null)).toEqual({ status: 'error', message: NO_MESSAGE, files: [] });
  });

  it('keeps only whole-number file ids', () => {
    expect(readUnzipResult('{"status":"ok","message":"","files":[1,"2",3.5,4]}').files).toEqual([1, 4]);
  });
});
