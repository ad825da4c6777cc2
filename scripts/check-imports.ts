/**
 * The import boundaries (part of `npm run lint`; docs/ARCHITECTURE.md "Dependency direction"):
 * - no cycle between the server's folders (each `modules/<feature>/` is one, each other folder
 *   or top-level file of `apps/server/src` is one); type-only imports do not count, since they
 *   vanish at run time;
 * - one feature uses another only through its declared surface: its `*.service.ts`, `*.schema.ts`
 *   (GraphQL types), `*.policy.ts`, `*.access.ts`, `*.loaders.ts`, `*.search.ts` and `*.errors.ts`,
 *   never its internals (readers, `*.sql.ts`, helpers);
 * - `packages/domain` imports nothing outside itself but npm packages;
 * - the web app never imports the server's code.
 * Exits 1 and names the files that make each broken rule.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') found.push(...sourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      found.push(full);
    }
  }
  return found;
}

const problems: string[] = [];

/** The relative specifiers a file imports at run time (`import type` and `export type` left out). */
export function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)'/gms;
  for (const match of source.matchAll(statement)) specifiers.push(match[3]!);
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  // A dynamic import; `import('x').Name` is a type.
  for (const match of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)(?!\.)/g)) specifiers.push(match[1]!);
  return specifiers;
}

// 1. The server's folders form no cycle; features meet only through their surfaces.
const serverRoot = path.join(root, 'apps/server/src');
function folderOf(file: string): string {
  const parts = path.relative(serverRoot, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(/\.tsx?$/, '');
}
/** The files a feature offers the others. */
const FEATURE_SURFACE = /\.(service|schema|policy|access|loaders|search|errors)$/;
const edges = new Map<string, Map<string, Set<string>>>();
for (const file of sourceFiles(serverRoot)) {
  const from = folderOf(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const specifier of runtimeImports(source)) {
    if (!specifier.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    const to = folderOf(target);
    if (to === from) continue;
    if (from.startsWith('modules/') && to.startsWith('modules/') && !FEATURE_SURFACE.test(target)) {
      problems.push(`${path.relative(root, file)} imports ${specifier}, which is not part of ${to}'s surface (a *.service, *.schema, *.policy, *.access, *.loaders, *.search or *.errors file).`);
    }
    const targets = edges.get(from) ?? new Map<string, Set<string>>();
    edges.set(from, targets);
    const files = targets.get(to) ?? new Set<string>();
    targets.set(to, files);
    files.add(path.relative(root, file));
  }
}

/** Strongly connected components (Tarjan): a component of more than one folder is a cycle. */
function components(nodes: string[]): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      result.push(component);
    }
  };
  for (const node of nodes) if (!indices.has(node)) visit(node);
  return result;
}

const folders = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])])].sort();
for (const component of components(folders).filter((c) => c.length > 1)) {
  const inside = new Set(component);
  const lines = component
    .sort()
    .flatMap((from) => [...(edges.get(from) ?? new Map<string, Set<string>>())].filter(([to]) => inside.has(to)).map(([to, files]) => `    ${from} → ${to}: ${[...files].join(', ')}`));
  problems.push(`Server folders import each other in a cycle: ${component.sort().join(', ')}\n${lines.join('\n')}`);
}

// 2. The domain package stays pure: nothing outside it but npm packages.
const domainRoot = path.join(root, 'packages/domain/src');
for (const file of sourceFiles(domainRoot)) {
  for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
    if (specifier.startsWith('.') && !path.resolve(path.dirname(file), specifier).startsWith(domainRoot)) {
      problems.push(`${path.relative(root, file)} imports ${specifier}, outside packages/domain.`);
    }
  }
}

// 3. The web app reads the server only through the API.
const webRoot = path.join(root, 'apps/web/src');
for (const file of sourceFiles(webRoot)) {
  for (const specifier of runtimeImports(fs.readFileSync(file, 'utf8'))) {
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier;
    if (target.includes(`apps${path.sep}server`) || target.startsWith('@corner/server')) {
      problems.push(`${path.relative(root, file)} imports the server's code (${specifier}); use the API.`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`Import boundaries hold: ${folders.length} server folders without a cycle, a pure domain, a web app apart from the server.`);
