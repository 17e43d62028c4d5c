import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One owner per table (docs/server.md, "Each table is written by one module"): the table there names
 * each table's module, and no other code writes it.
 */
const root = path.join(__dirname, '..', '..');
const serverDir = path.join(root, 'src', 'server');

function ownershipTable(): Map<string, string[]> {
  const doc = readFileSync(path.join(root, 'docs', 'server.md'), 'utf8');
  const start = doc.indexOf('| Module | Tables it writes |');
  expect(start).toBeGreaterThan(-1);
  const owners = new Map<string, string[]>();
  for (const line of doc.slice(start).split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const [module, tables] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    // The tables are the cell's words before any parenthesis.
    for (const table of tables.replace(/\([^)]*\)/g, '').split(',')) {
      const name = table.trim();
      owners.set(name, [...(owners.get(name) ?? []), module]);
    }
  }
  return owners;
}

function schemaTables(): string[] {
  const schema = readFileSync(path.join(serverDir, 'db', 'schema.ts'), 'utf8');
  const body = schema.slice(schema.indexOf('export interface Tables {'));
  return [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}([a-z_]+): /gm)].map((m) => m[1]);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.(ts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

const KYSELY_WRITE = /\b(?:insertInto|updateTable|deleteFrom|mergeInto)\(\s*['"`]([a-z_]+)/g;
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+([a-z_]+)\b/gi;

/** The tables a file writes by name, with the line of each. */
function writes(file: string, tables: Set<string>): Array<{ table: string; line: number }> {
  const text = readFileSync(file, 'utf8');
  const found: Array<{ table: string; line: number }> = [];
  for (const pattern of [KYSELY_WRITE, SQL_WRITE]) {
    for (const m of text.matchAll(pattern)) {
      if (tables.has(m[1])) found.push({ table: m[1], line: text.slice(0, m.index).split('\n').length });
    }
  }
  return found;
}

/** The module a file belongs to; outside src/server/modules, its path. */
const moduleOf = (file: string) => {
  const rel = path.relative(serverDir, file).split(path.sep);
  return rel[0] === 'modules' ? rel[1] : rel.join('/');
};

describe('one owner per table', () => {
  const owners = ownershipTable();
  const tables = schemaTables();

  it('docs/server.md names one module for every table of the schema, and no other table', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((t) => !owners.has(t))).toEqual([]);
    expect([...owners].filter(([, modules]) => modules.length > 1)).toEqual([]);
    expect([...owners.keys()].filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('no file writes a table its module does not own', () => {
    const known = new Set(tables);
    const strangers = sourceFiles(serverDir).flatMap((file) =>
      writes(file, known)
        .filter(({ table }) => owners.get(table)?.[0] !== moduleOf(file))
        .map(({ table, line }) => `${path.relative(root, file)}:${line} writes ${table} (owner: ${owners.get(table)?.[0]})`),
    );
    expect(strangers).toEqual([]);
  });

  it('finds the writes it looks for', () => {
    // The check itself: a write in each form is seen, a read is not.
    const sample = path.join(serverDir, 'modules', 'catalog', 'markets-repository.ts');
    expect(writes(sample, new Set(['markets'])).length).toBeGreaterThanOrEqual(2);
    expect(writes(path.join(serverDir, 'modules', 'lookups', 'repository.ts'), new Set(tables))).toEqual([]);
  });
});
