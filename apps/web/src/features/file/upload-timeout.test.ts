import { graphql } from 'gql.tada';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { putFile } from './direct-upload';
import { uploadGraphQL } from './upload';

const UploadThing = graphql(`
  mutation UploadTimed($submission_id: Int!, $file: Upload!) {
    createSubmissionImage(submission_id: $submission_id, file: $file) {
      id
    }
  }
`);

/** Just enough of XMLHttpRequest for the uploads: the test fires its events. */
class FakeXhr {
  static last: FakeXhr | null = null;
  timeout = 0;
  status = 0;
  responseText = '';
  readonly upload = { addEventListener: () => {} };
  private readonly listeners = new Map<string, () => void>();
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.fire('abort');
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  /** What the browser does once `timeout` ms pass with the request unfinished. */
  fire(type: string) {
    this.listeners.get(type)?.();
  }
}

const file = new File([new Uint8Array([1, 2, 3])], 'front.png', { type: 'image/png' });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('uploads honour the HTTP timeout', () => {
  it('a GraphQL upload gives the browser the timeout and fails with "timeout of {n}ms exceeded"', async () => {
    const result = uploadGraphQL(UploadThing, { submission_id: 7 }, file, { timeoutMs: 250 });
    expect(FakeXhr.last?.timeout).toBe(250);
    FakeXhr.last?.fire('timeout');
    const { data, error } = await result;
    expect(data).toBeNull();
    expect(error?.networkError?.message).toBe('timeout of 250ms exceeded');
  });

  it('a direct upload to storage does the same', async () => {
    const result = putFile({ url: 'https://bucket.test/key', method: 'PUT', headers: {} }, file, { timeoutMs: 250 });
    expect(FakeXhr.last?.timeout).toBe(250);
    FakeXhr.last?.fire('timeout');
    expect(await result).toBe('timeout of 250ms exceeded');
  });

  it('without HTTP_TIMEOUT_MS an upload never times out (the browser reads 0 as none)', () => {
    void uploadGraphQL(UploadThing, { submission_id: 7 }, file);
    expect(FakeXhr.last?.timeout).toBe(0);
    void putFile({ url: 'https://bucket.test/key', method: 'PUT', headers: {} }, file);
    expect(FakeXhr.last?.timeout).toBe(0);
  });
});
