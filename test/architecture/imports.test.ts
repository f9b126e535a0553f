import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import graph of src/ (type-only imports included: a type cycle is a cycle), checked against the layering
 * of DESIGN.md: foundations import only foundations, storage implements the interfaces of core/ and imports no
 * feature, features never reach into storage implementations or the HTTP edge, and nothing forms a cycle.
 */
const src = join(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Folders every other folder may use, which use nothing but each other. */
const foundations = new Set(['core', 'shared', 'errors', 'catalog']);
/** Feature folders: they may use foundations, each other and the pipeline, never storage/, routes/ or http/. */
const features = new Set(['auth', 'billing', 'cache', 'governance', 'limits', 'routing', 'verification', 'settings', 'archive', 'providers']);
/** Where the parts are put together: these may import anything. */
const compositionRoots = new Set(['app.ts', 'gateway.ts', 'services.ts', 'main.ts', 'cli']);

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(src, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.ts') && !entry.endsWith('.test.ts')).map((entry) => normalize(entry));
}

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g;

async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for (const file of await sourceFiles()) {
    const text = await readFile(join(src, file), 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(importPattern)) targets.push(normalize(join(dirname(file), match[1].replace(/\.js$/, '.ts'))));
    graph.set(file, targets);
  }
  return graph;
}

const folderOf = (file: string) => file.split('/')[0];

test('no import cycle in src/ (type-only imports included)', async () => {
  const graph = await importGraph();
  // Tarjan's strongly connected components: any component of more than one file is a cycle.
  let index = 0;
  const indices = new Map<string, number>();
  const lowLinks = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    indices.set(file, index);
    lowLinks.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!indices.has(target)) {
        visit(target);
        lowLinks.set(file, Math.min(lowLinks.get(file)!, lowLinks.get(target)!));
      } else if (onStack.has(target)) lowLinks.set(file, Math.min(lowLinks.get(file)!, indices.get(target)!));
    }
    if (lowLinks.get(file) === indices.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!indices.has(file)) visit(file);
  assert.deepEqual(cycles, [], `import cycles:\n${cycles.map((cycle) => cycle.join(' ↔ ')).join('\n')}`);
});

test('imports point one way: foundations ← storage, features ← pipeline ← routes/http; no feature reaches storage', async () => {
  const graph = await importGraph();
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (compositionRoots.has(from)) continue;
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      const edge = `${file} → ${relative('.', target)}`;
      if (foundations.has(from) && !foundations.has(to)) violations.push(`a foundation imports ${to}/: ${edge}`);
      if (from === 'storage' && !foundations.has(to)) violations.push(`storage imports a feature: ${edge}`);
      if (features.has(from) && to === 'storage') violations.push(`a feature imports storage/ (use the interfaces of core/): ${edge}`);
      if ((features.has(from) || from === 'pipeline') && (to === 'routes' || to === 'http')) violations.push(`the HTTP edge is imported from inside: ${edge}`);
      // The HTTP edge is handed the services the root built; nothing further in may know the root.
      if (compositionRoots.has(to) && from !== 'routes' && from !== 'http') violations.push(`the composition root is imported: ${edge}`);
    }
  }
  assert.deepEqual(violations, []);
});

test('no file of src/ is over 400 lines', async () => {
  const long: string[] = [];
  for (const file of await sourceFiles()) {
    const lines = (await readFile(join(src, file), 'utf8')).split('\n').length;
    if (lines > 400) long.push(`${file}: ${lines} lines`);
  }
  assert.deepEqual(long, []);
});

test('no provider is named in code outside its adapter: which wire needs what is catalog data', async () => {
  const providerIds = JSON.parse(await readFile(join(src, '../catalog/providers.json'), 'utf8')).map((provider: { id: string }) => provider.id) as string[];
  const named = new RegExp(`(?:===|!==|case)\\s*'(${providerIds.join('|')})'`);
  const found: string[] = [];
  for (const file of await sourceFiles()) {
    if (file.startsWith('providers/') || file.startsWith('config/')) continue;
    const text = await readFile(join(src, file), 'utf8');
    text.split('\n').forEach((line, number) => {
      if (named.test(line)) found.push(`${file}:${number + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});
