import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One module shape (docs/architecture.md, "One module's shape"): routes and services hold no SQL,
 * and a background worker goes through its module's repository too.
 */
const modulesDir = path.join(__dirname, '..', '..', 'src', 'server', 'modules');
const SQL = /\bsql(?:<[^>]*>)?`|\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto)\(/;
const WITHOUT_SQL = /^(?:routes|service|.+-routes|.+-service|.+-worker)\.ts$/;

describe('one module shape', () => {
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());

  it('every module has an index.ts, its public surface', () => {
    expect(modules.filter((m) => !readdirSync(path.join(modulesDir, m.name)).includes('index.ts')).map((m) => m.name)).toEqual(
      [],
    );
  });

  it('no route, service or worker file runs SQL: the repository does', () => {
    const files = modules.flatMap((m) =>
      readdirSync(path.join(modulesDir, m.name), { recursive: true, encoding: 'utf8' })
        .filter((file) => WITHOUT_SQL.test(path.basename(file)))
        .map((file) => path.join(m.name, file)),
    );
    expect(files.length).toBeGreaterThan(30);
    expect(files.filter((file) => SQL.test(readFileSync(path.join(modulesDir, file), 'utf8')))).toEqual([]);
  });
});
