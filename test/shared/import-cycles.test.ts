import fs from 'node:fs';
import path from 'node:path';

/**
 * src/shared imports in one direction: vocabulary.ts at the bottom, the schemas, the deal status,
 * the filters and the summaries above it. A cycle (type-only imports count: they tie the files
 * together as much for a reader) fails here with the files that form it.
 */
const ROOT = path.resolve(__dirname, '../../src/shared');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\s*\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => fs.existsSync(file)) ?? null;
}

/** The import graph's strongly connected components of more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const dep of graph.get(file) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(file, Math.min(low.get(file)!, low.get(dep)!));
      } else if (onStack.has(dep)) low.set(file, Math.min(low.get(file)!, index.get(dep)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

it('src/shared has no import cycle', () => {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(ROOT)) {
    const text = fs.readFileSync(file, 'utf8');
    const deps = [...text.matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1] ?? match[2]))
      .filter((dep): dep is string => dep !== null);
    graph.set(file, deps);
  }
  expect(graph.size).toBeGreaterThan(20);
  expect(cycles(graph).map((component) => component.map((file) => path.relative(ROOT, file)).sort())).toEqual([]);
});
