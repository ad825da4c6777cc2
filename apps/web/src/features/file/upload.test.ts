import { graphql } from 'gql.tada';
import { describe, expect, it, vi } from 'vitest';
import { buildMultipartBody, isAbortError, parseGraphQLResponse, reportUploadErrors } from './upload';

const UploadThing = graphql(`
  mutation UploadThing($submission_id: Int!, $file: Upload!) {
    createSubmissionImage(submission_id: $submission_id, file: $file) {
      id
    }
  }
`);

describe('buildMultipartBody', () => {
  const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
  const body = buildMultipartBody(UploadThing, { submission_id: 7 }, file, 'front.png');

  it('sends operations, then map, then the file, in that order (the server streams the file last)', () => {
    expect([...body.keys()]).toEqual(['operations', 'map', '0']);
  });

  it('holds the operation with the file variable null', () => {
    const operations = JSON.parse(body.get('operations') as string) as Record<string, unknown>;
    expect(operations.operationName).toBe('UploadThing');
    expect(operations.variables).toEqual({ submission_id: 7, file: null });
    expect(operations.query).toContain('mutation UploadThing($submission_id: Int!, $file: Upload!)');
  });

  it('maps file "0" to variables.file', () => {
    expect(JSON.parse(body.get('map') as string)).toEqual({ 0: ['variables.file'] });
  });

  it('sends the file under its name', async () => {
    const part = body.get('0') as File;
    expect(part.name).toBe('front.png');
    expect(part.size).toBe(4);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it('replaces a file variable given by mistake', () => {
    const again = buildMultipartBody(UploadThing, { submission_id: 1, file: 'x' }, file, 'a.png');
    expect((JSON.parse(again.get('operations') as string) as { variables: unknown }).variables).toEqual({ submission_id: 1, file: null });
  });
});

describe('parseGraphQLResponse', () => {
  it('reads data and errors', () => {
    expect(parseGraphQLResponse('{"data":{"x":1}}')).toEqual({ data: { x: 1 }, errors: undefined });
    const refused = parseGraphQLResponse('{"errors":[{"message":"The image is 12 MB; images may be at most 10 MB.","extensions":{"code":"IMAGE_TOO_LARGE"}}]}');
    expect(refused?.errors?.[0]?.message).toBe('The image is 12 MB; images may be at most 10 MB.');
  });

  it('is null for anything that is not a GraphQL answer', () => {
    expect(parseGraphQLResponse('<html>Bad gateway</html>')).toBeNull();
    expect(parseGraphQLResponse('{"error":"Internal Server Error"}')).toBeNull();
    expect(parseGraphQLResponse('[]')).toBeNull();
  });
});

describe('reportUploadErrors', () => {
  it('sends permission failures to the app and asks for re-validation only for category authorization', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onAuthorizationError = vi.fn();
    reportUploadErrors(
      'createSubmissionImage',
      [
        { message: 'not-authorized', extensions: { category: 'authorization', reason: 'Your session has ended' } },
        { message: 'not-authorized' },
        { message: 'The image is empty.', extensions: { category: 'validation' } },
      ],
      { onAuthorizationError },
    );
    expect(onAuthorizationError.mock.calls).toEqual([
      ['Your session has ended', true],
      ['not-authorized', false],
    ]);
  });
});

describe('isAbortError', () => {
  it('knows a cancelled upload', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
  });
});
