/**
 * A real SMTP server for the end-to-end tests: the portal sends its e-mails to it (SMTP_URL), and
 * each one received is appended to mails.json in the E2E data dir, where the specs read them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One received e-mail, decoded enough for a test to read. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** The text of every text part, transfer encoding undone. */
  text: string;
  receivedAt: string;
}

/** Where serve.ts writes the mails and the specs read them. */
export function mailsFile(dataDir: string): string {
  return path.join(dataDir, 'mails.json');
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** "=?UTF-8?Q?Your_creation?=" and "=?UTF-8?B?...?=" in a header, as text. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text of a MIME entity: its text parts, each decoded. */
function textOf(raw: string): string {
  const { headers, body } = splitHead(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => textOf(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  if (!/^text\//i.test(type)) return '';
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Starts the SMTP server on a free port of 127.0.0.1 (plain, no login, no STARTTLS) and answers its URL. */
export async function startMailCatcher(file: string): Promise<string> {
  fs.writeFileSync(file, '[]');
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers } = splitHead(raw);
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: decodeHeader(headers.get('subject') ?? ''),
          text: textOf(raw),
          receivedAt: new Date().toISOString(),
        };
        const mails = JSON.parse(fs.readFileSync(file, 'utf8')) as CaughtMail[];
        mails.push(mail);
        fs.writeFileSync(file, JSON.stringify(mails, null, 2));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The mail catcher has no port.');
  return `smtp://127.0.0.1:${address.port}`;
}

/** The mails received so far (empty before the first). */
export function readMails(file: string): CaughtMail[] {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as CaughtMail[];
  } catch {
    return [];
  }
}
