import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AppError } from '../../errors';

export const PageSourceErrorCode = {
  NOT_A_URL: 'PAGE_SOURCE_NOT_A_URL',
  NOT_ALLOWED: 'PAGE_SOURCE_NOT_ALLOWED',
  FAILED: 'PAGE_SOURCE_FAILED',
  TIMEOUT: 'PAGE_SOURCE_TIMEOUT',
  NOT_HTML: 'PAGE_SOURCE_NOT_HTML',
} as const;
type Code = (typeof PageSourceErrorCode)[keyof typeof PageSourceErrorCode];

const MESSAGES: Record<Code, string> = {
  PAGE_SOURCE_NOT_A_URL: 'Enter a web address starting with http:// or https://.',
  PAGE_SOURCE_NOT_ALLOWED: 'This address points to a private or local network and cannot be previewed.',
  PAGE_SOURCE_FAILED: 'Could not load url to grab item data',
  PAGE_SOURCE_TIMEOUT: 'Could not load url to grab item data: the page took too long to answer.',
  PAGE_SOURCE_NOT_HTML: 'Could not load url to grab item data: the address is not a web page.',
};

function pageError(code: Code, detail?: string): AppError {
  return new AppError(code, detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code], code === 'PAGE_SOURCE_NOT_A_URL' ? 'validation' : 'conflict');
}

/** Whether an address is private, loopback, link-local, multicast, reserved or unspecified. */
export function isPrivateAddress(address: string): boolean {
  if (net.isIPv4(address)) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPrivateAddress(v6.slice(7));
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe8') || v6.startsWith('fe9') || v6.startsWith('fea') || v6.startsWith('feb') || v6.startsWith('ff');
}

export interface PageSourceOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

/**
 * A DNS lookup that refuses private addresses, used as the socket's `lookup`: the address checked
 * is the address connected to, so DNS rebinding cannot slip a private address in after the check.
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowPrivate && isPrivateAddress(a.address));
      if (bad || list.length === 0) return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Fetches the HTML of a page for a preview (og:title, og:image): http(s) only, no private or local
 * addresses (unless allowed), at most 3 redirects (each checked again), a time limit, and at most
 * `maxBytes` read (the head of a page holds what a preview needs).
 */
export async function fetchPageSource(rawUrl: string, options: PageSourceOptions): Promise<string> {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw pageError('PAGE_SOURCE_NOT_A_URL');
  }
  const deadline = Date.now() + options.timeoutMs;
  for (let hop = 0; hop <= 3; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw pageError('PAGE_SOURCE_NOT_A_URL');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !options.allowPrivate && isPrivateAddress(host)) throw pageError('PAGE_SOURCE_NOT_ALLOWED');
    const result = await requestOnce(url, options, deadline);
    if (result.kind === 'redirect') {
      url = new URL(result.location, url);
      continue;
    }
    return result.body;
  }
  throw pageError('PAGE_SOURCE_FAILED', 'too many redirects');
}

type Outcome = { kind: 'redirect'; location: string } | { kind: 'page'; body: string };

function requestOnce(url: URL, options: PageSourceOptions, deadline: number): Promise<Outcome> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(pageError('PAGE_SOURCE_TIMEOUT'));
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: guardedLookup(options.allowPrivate),
        headers: { 'user-agent': 'CornerPreview/1.0 (+link preview)', accept: 'text/html,application/xhtml+xml' },
        timeout: remaining,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ kind: 'redirect', location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(pageError('PAGE_SOURCE_FAILED', `the page answered ${status}`));
        }
        const type = String(res.headers['content-type'] ?? 'text/html');
        if (!/html|xml|text\/plain/i.test(type)) {
          res.resume();
          return reject(pageError('PAGE_SOURCE_NOT_HTML'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          const room = options.maxBytes - size;
          if (room <= 0) return;
          chunks.push(chunk.subarray(0, room));
          size += Math.min(chunk.length, room);
          if (size >= options.maxBytes) {
            res.destroy();
            resolve({ kind: 'page', body: Buffer.concat(chunks).toString('utf8') });
          }
        });
        res.on('end', () => resolve({ kind: 'page', body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => resolve({ kind: 'page', body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })), remaining);
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })));
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPRIVATE') return reject(pageError('PAGE_SOURCE_NOT_ALLOWED'));
      if (error.code === 'ETIMEOUT') return reject(pageError('PAGE_SOURCE_TIMEOUT'));
      reject(pageError('PAGE_SOURCE_FAILED'));
    });
    req.end();
  });
}
