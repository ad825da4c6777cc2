// A 1 GiB upload through the product against a bare Node endpoint that pipes the request to a file.
//
// Both servers run as child processes on the same machine and disk, so the client (this process)
// and its buffers never count as server memory:
// - product: the real `apps/server/src/main.ts` on an embedded database in a temporary DATA_DIR,
//   MAX_FILE_BYTES raised to 2 GiB - 1. Two paths are measured, each ending when the file is a
//   row of a creation (the figure a creator waits for):
//   direct: getFileUploadUrl, a PUT of the raw bytes to the signed URL, then
//           createSubmissionFile(key) (the web app's path);
//   multipart: one GraphQL multipart request createSubmissionFile(file) (the older clients' path);
// - bare: `http.createServer` piping the request body into a file with fs.createWriteStream, then
//   answering 200; nothing else.
// The body is the same 1 GiB (a Sims 4 package header, then pseudo-random bytes, a different first
// block each round so no round is answered from stored content), streamed from a 4 MiB buffer.
// Throughput ratio = bare time / product time (goal >= 0.7). For reference only, the same bare pipe
// with an fsync before it answers (the durability the product keeps) is timed too. Server memory growth = the product
// process's peak resident memory during the upload minus its resident memory just before (sampled
// from /proc every 50 ms; goal <= 64 MiB). Each upload starts after an untimed `sync`, so no upload
// pays for the page-cache write-back of the one before it. BENCH_UPLOAD_MIB (default 1024) and BENCH_UPLOAD_ROUNDS
// (default 3) change the size and rounds of a trial run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { markdownTable, mean, textTable, type Bench } from './harness';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MiB;
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const THROUGHPUT_GOAL = 0.7;
const MEMORY_GOAL_MIB = 64;
const CHUNK = crypto.randomBytes(4 * MiB);
const repoRoot = path.resolve(import.meta.dirname, '..');

/** A Sims 4 package header (DBPF 2.1), so the product accepts the body as a sims4-package. */
function packageHeader(round: number): Buffer {
  const header = Buffer.alloc(96);
  header.write('DBPF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(1, 8);
  header.writeUInt32LE(3, 60);
  header.writeUInt32LE(round, 92);
  return header;
}

/** `size` bytes: the header, then the random buffer repeated, streamed without holding them. */
function body(size: number, round: number): Readable {
  let sent = 0;
  const head = packageHeader(round);
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const piece = sent === 0 ? Buffer.concat([head, CHUNK.subarray(head.length)]) : CHUNK;
      const take = Math.min(piece.length, size - sent);
      sent += take;
      this.push(take === piece.length ? piece : piece.subarray(0, take));
    },
  });
}

interface Sent {
  status: number;
  text: string;
}

/** Streams `parts` (buffers and readables, in order) as one request body of `length` bytes. */
function send(url: string, method: string, headers: Record<string, string>, parts: (Buffer | Readable)[], length: number): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { ...headers, 'content-length': String(length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    void (async () => {
      for (const part of parts) {
        if (Buffer.isBuffer(part)) {
          if (!req.write(part)) await new Promise((r) => req.once('drain', r));
          continue;
        }
        for await (const chunk of part) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        }
      }
      req.end();
    })().catch(reject);
  });
}

/** Resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples a process's resident memory until stopped; answers the peak. */
function sampleMemory(pid: number): { stop(): number } {
  let peak = rss(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rss(pid));
    },
  };
}

function waitForLine(proc: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** The real product, as `npm start` runs it, on a fresh embedded database. */
async function startProduct(dataDir: string): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: dataDir,
      MAX_FILE_BYTES: String(2 ** 31 - 1),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const match = await waitForLine(proc, /ready at (http:\/\/localhost:\d+\/)/);
  return { proc, url: match[1]!.replace('localhost', '127.0.0.1') };
}

/** The baseline: a Node HTTP server that pipes each request body into a file. */
async function startBare(dir: string): Promise<{ proc: ChildProcess; url: string }> {
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); const path = require('node:path');
    let n = 0;
    const server = http.createServer((req, res) => {
      // ?fsync: the same, made durable before the answer (flush: fsync before close), as the product does.
      const out = fs.createWriteStream(path.join(${JSON.stringify(dir)}, 'upload-' + (n++)), { flush: req.url.includes('fsync') });
      req.pipe(out);
      // With fsync the answer waits for 'close', which comes after the flush.
      out.on(req.url.includes('fsync') ? 'close' : 'finish', () => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('ok'); });
      out.on('error', (e) => { res.writeHead(500); res.end(String(e)); });
    });
    server.listen(0, '127.0.0.1', () => console.log('bare at http://127.0.0.1:' + server.address().port + '/'));
  `;
  const proc = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const match = await waitForLine(proc, /bare at (http:\/\/127\.0\.0\.1:\d+\/)/);
  return { proc, url: match[1]! };
}

async function gql(url: string, query: string, variables: Record<string, unknown>, token?: string) {
  const res = await fetch(`${url}graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : '' },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (json.errors?.length) throw new Error(`GraphQL error: ${JSON.stringify(json.errors)}`);
  return json.data!;
}

interface Run {
  seconds: number;
  growth: number;
}

/**
 * Times one upload; for the product also samples its memory. Before the clock starts, `sync`
 * (untimed) writes out what earlier uploads left in the page cache: the bare pipe leaves its whole
 * body dirty, and without this the next upload, whichever it is, would pay for that write-back.
 */
async function timed(pid: number | null, upload: () => Promise<void>): Promise<Run> {
  execFileSync('sync');
  const before = pid ? rss(pid) : 0;
  const sampler = pid ? sampleMemory(pid) : null;
  const started = process.hrtime.bigint();
  await upload();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peak = sampler?.stop() ?? 0;
  return { seconds, growth: Math.max(peak - before, 0) };
}

async function run() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-bench-upload-'));
  const product = await startProduct(path.join(work, 'product'));
  fs.mkdirSync(path.join(work, 'bare'));
  const bare = await startBare(path.join(work, 'bare'));
  try {
    const token = (await gql(product.url, 'mutation L($u: String!, $p: String!) { login(user: $u, password: $p) }', {
      u: 'creator@corner.test',
      p: 'corner-demo',
    })).login as string;
    const created = await gql(
      product.url,
      'mutation C($name: String!, $description: String!) { createNewItem(name: $name, description: $description) { id } }',
      { name: 'Bench chair', description: 'A chair made for measuring uploads' },
      token,
    );
    const submissionId = created.createNewItem.id as number;
    const auth = { authorization: `Bearer ${token}` };

    const direct = async (round: number) => {
      const target = (
        await gql(
          product.url,
          'mutation U($f: String!, $m: String!) { getFileUploadUrl(filename: $f, mimetype: $m) { url key headers } }',
          { f: `bench-${round}.package`, m: 'application/octet-stream' },
          token,
        )
      ).getFileUploadUrl as { url: string; key: string; headers: Record<string, string> };
      const put = await send(new URL(target.url, product.url).toString(), 'PUT', target.headers, [body(SIZE, round)], SIZE);
      if (put.status >= 300) throw new Error(`PUT answered ${put.status}: ${put.text}`);
      await gql(
        product.url,
        'mutation F($s: Int!, $k: String!, $f: String!) { createSubmissionFile(submission_id: $s, key: $k, filename: $f) { id filesize } }',
        { s: submissionId, k: target.key, f: `bench-${round}.package` },
        token,
      );
    };

    const multipart = async (round: number) => {
      const boundary = `----corner-bench-${crypto.randomUUID()}`;
      const operations = JSON.stringify({
        query: 'mutation F($s: Int!, $file: Upload) { createSubmissionFile(submission_id: $s, file: $file) { id filesize } }',
        variables: { s: submissionId, file: null },
      });
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"0":["variables.file"]}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="0"; filename="bench-m${round}.package"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const res = await send(`${product.url}graphql`, 'POST', { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, [head, body(SIZE, 1000 + round), tail], head.length + SIZE + tail.length);
      const json = JSON.parse(res.text) as { errors?: unknown[] };
      if (res.status !== 200 || json.errors?.length) throw new Error(`multipart answered ${res.status}: ${res.text}`);
    };

    const bareUpload = async (round: number, fsync = false) => {
      const res = await send(`${bare.url}${fsync ? '?fsync' : ''}`, 'PUT', { 'content-type': 'application/octet-stream' }, [body(SIZE, 2000 + round)], SIZE);
      if (res.status !== 200) throw new Error(`bare answered ${res.status}`);
    };

    const results = { bare: [] as Run[], bareFsync: [] as Run[], direct: [] as Run[], multipart: [] as Run[] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`  round ${round}: bare, bare with fsync, direct, multipart (${SIZE / MiB} MiB each)`);
      results.bare.push(await timed(null, () => bareUpload(round)));
      results.bareFsync.push(await timed(null, () => bareUpload(100 + round, true)));
      results.direct.push(await timed(product.proc.pid!, () => direct(round)));
      results.multipart.push(await timed(product.proc.pid!, () => multipart(round)));
      // Each stored copy is removed again so the disk holds at most one round.
      fs.rmSync(path.join(work, 'bare'), { recursive: true, force: true });
      fs.mkdirSync(path.join(work, 'bare'));
    }
    return results;
  } finally {
    product.proc.kill('SIGKILL');
    bare.proc.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export const bench: Bench = {
  name: 'Upload throughput and memory',
  async run() {
    const results = await run();
    const bareSeconds = mean(results.bare.map((r) => r.seconds));
    const bareFsyncSeconds = mean(results.bareFsync.map((r) => r.seconds));
    const mibs = (s: number) => (SIZE / MiB / s).toFixed(0);
    const rows = (['direct', 'multipart'] as const).map((path) => {
      const seconds = mean(results[path].map((r) => r.seconds));
      const growth = Math.max(...results[path].map((r) => r.growth)) / MiB;
      const ratio = bareSeconds / seconds;
      return [
        path === 'direct' ? 'direct PUT + createSubmissionFile(key)' : 'GraphQL multipart createSubmissionFile',
        `${mibs(seconds)} MiB/s`,
        `${mibs(bareSeconds)} MiB/s`,
        `**${ratio.toFixed(2)}** (goal ≥ ${THROUGHPUT_GOAL})${ratio >= THROUGHPUT_GOAL ? '' : ' — below goal'}`,
        `**${growth.toFixed(0)} MiB** (goal ≤ ${MEMORY_GOAL_MIB})${growth <= MEMORY_GOAL_MIB ? '' : ' — above goal'}`,
        `${mibs(bareFsyncSeconds)} MiB/s, ratio ${(bareFsyncSeconds / seconds).toFixed(2)}`,
      ];
    });
    const head = ['Product path', 'Product', 'Bare pipe', 'Throughput ratio', 'Server memory growth', 'Bare pipe with fsync (for reference)'];
    const perRound = results.bare.map((b, i) => [
      String(i + 1),
      `${b.seconds.toFixed(2)} s`,
      `${results.bareFsync[i]!.seconds.toFixed(2)} s`,
      `${results.direct[i]!.seconds.toFixed(2)} s`,
      `${results.multipart[i]!.seconds.toFixed(2)} s`,
    ]);
    const roundHead = ['Round', 'Bare pipe', 'Bare pipe with fsync', 'Direct', 'Multipart'];
    const markdown = [
      `## ${this.name}`,
      '',
      `\`bench/upload.bench.ts\`: ${SIZE / MiB} MiB through the real product (a child process on an embedded database,`,
      'local disk storage) against a bare Node endpoint piping the request into a file, same machine and disk, same body,',
      `${ROUNDS} alternating rounds. The product's time runs until the file is a row of a creation: it hashes (sha256),`,
      'fsyncs and registers the content. Memory is the product process\'s peak resident memory during an upload minus',
      'its resident memory just before. The goal is against the bare pipe, which never syncs; the same pipe made',
      'durable before it answers (fsync, as the product does) is shown beside it for reference. Before each timed',
      'upload an untimed `sync` writes out what earlier uploads left in the page cache, so that no upload pays for',
      'the write-back of the one before it (the bare pipe leaves its whole body unwritten).',
      '',
      markdownTable(head, rows),
      '',
      markdownTable(roundHead, perRound),
    ].join('\n');
    return { markdown, text: [textTable(head, rows), '', textTable(roundHead, perRound)].join('\n') };
  },
};
