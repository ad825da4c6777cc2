/**
 * Every GraphQL operation the web app sends, read from its documents (`features/<feature>/graphql.ts`,
 * `<component>.graphql.ts` and `*.fragment.ts`, STYLE: documents live there) exactly as urql sends them: with `__typename`
 * added by its cache exchange, printed by its own `stringifyDocument`, and hashed with sha256 as the
 * persisted-operations exchange hashes them. `npm run schema` writes them to
 * `apps/web/persisted-operations.json`, which the server serves by hash (docs/operations.md,
 * "Persisted operations"); a test fails when that file and the documents drift apart.
 * Run directly (`npx tsx scripts/web-operations.ts`) it rewrites that file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatDocument, stringifyDocument } from '@urql/core';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';

const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'apps/web/src');
export const PERSISTED_OPERATIONS_FILE = path.join(root, 'apps/web/persisted-operations.json');

export interface WebOperation {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  /** The document as urql sends it. */
  text: string;
  /** sha256 of `text`, in hex: what the web app sends instead of the text. */
  hash: string;
  document: DocumentNode;
  /** The source file, relative to the repository. */
  file: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Files that hold documents by the convention; the others must hold no query or mutation. */
export function isDocumentFile(file: string): boolean {
  return path.basename(file) === 'graphql.ts' || file.endsWith('.graphql.ts') || file.endsWith('.fragment.ts');
}

/** Web source files outside the convention that define a query or mutation (there should be none). */
export function strayOperationFiles(): string[] {
  return sourceFiles(webSrc)
    .filter((file) => !isDocumentFile(file))
    .filter((file) => /graphql\(\s*`\s*(query|mutation)\b/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

function isDocument(value: unknown): value is DocumentNode {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;
}

function hashOf(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** Every query, mutation and subscription exported by the web app's document files, by name. */
export async function collectWebOperations(): Promise<WebOperation[]> {
  const found = new Map<string, WebOperation>();
  for (const file of sourceFiles(webSrc).filter(isDocumentFile).sort()) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!isDocument(value)) continue;
      const operation = value.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      if (!operation) continue; // a fragment: it travels inside the operations that use it
      const name = operation.name?.value;
      if (!name) throw new Error(`${path.relative(root, file)}: every operation needs a name`);
      // The cache exchange adds __typename to queries and mutations; subscriptions go as written.
      const sent = operation.operation === 'subscription' ? value : formatDocument(value);
      const text = stringifyDocument(sent);
      const previous = found.get(name);
      if (previous && previous.text !== text) throw new Error(`Two operations are named ${name}: ${previous.file} and ${path.relative(root, file)}`);
      found.set(name, { name, kind: operation.operation, text, hash: hashOf(text), document: value, file: path.relative(root, file) });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The persisted-operations file: sha256 → document, for every query and mutation (subscriptions
 * stream through their own request and send their text), in operation-name order for readable diffs.
 */
export function persistedOperationsJson(operations: readonly WebOperation[]): string {
  const entries = operations.filter((op) => op.kind !== 'subscription').map((op) => [op.hash, op.text] as const);
  return `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const operations = await collectWebOperations();
  fs.writeFileSync(PERSISTED_OPERATIONS_FILE, persistedOperationsJson(operations));
  console.log(`Wrote ${path.relative(process.cwd(), PERSISTED_OPERATIONS_FILE)}: ${operations.filter((op) => op.kind !== 'subscription').length} operations`);
}
