// The package's contrib entry points are declared only through its `exports` map, which the
// node10 module resolution of this project does not read; the runtime require works.
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  import type { Extension } from '@electric-sql/pglite';
  export const pg_trgm: Extension;
}
