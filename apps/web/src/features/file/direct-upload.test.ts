import { describe, expect, it } from 'vitest';
import { putFailureMessage, signedHeaders } from './direct-upload';

describe('putFailureMessage', () => {
  it('shows the JSON body’s message', () => {
    expect(putFailureMessage(413, '{"message":"“big.package” is 600 MB; files may be at most 512 MB."}')).toBe(
      '“big.package” is 600 MB; files may be at most 512 MB.',
    );
    expect(putFailureMessage(403, '{"error":"The upload link has expired."}')).toBe('The upload link has expired.');
    expect(putFailureMessage(400, '{"error":{"code":"BAD_KEY","message":"This upload link is for another file."}}')).toBe('This upload link is for another file.');
    expect(putFailureMessage(400, '{"errors":[{"message":"Bad request body."}]}')).toBe('Bad request body.');
  });

  it('reads an S3 XML error’s <Message>', () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';
    expect(putFailureMessage(403, xml)).toBe('Request has expired');
  });

  it('falls back to SPEC 8’s status line for anything else', () => {
    expect(putFailureMessage(500, '')).toBe('Request failed with status code 500');
    expect(putFailureMessage(502, '<html>Bad gateway</html>')).toBe('Request failed with status code 502');
    expect(putFailureMessage(400, '{"message":"  "}')).toBe('Request failed with status code 400');
    expect(putFailureMessage(400, '{not json')).toBe('Request failed with status code 400');
    expect(putFailureMessage(404, 'Not Found')).toBe('Request failed with status code 404');
  });
});

describe('signedHeaders', () => {
  it('keeps string and number headers only', () => {
    expect(signedHeaders({ 'Content-Type': 'application/zip', 'Content-Length': 12, bad: { x: 1 }, nope: null })).toEqual({
      'Content-Type': 'application/zip',
      'Content-Length': '12',
    });
  });

  it('answers no headers for anything that is not an object', () => {
    expect(signedHeaders(null)).toEqual({});
    expect(signedHeaders('Content-Type: x')).toEqual({});
    expect(signedHeaders([['a', 'b']])).toEqual({});
  });
});
