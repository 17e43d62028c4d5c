import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** The text with LIKE's wildcards escaped, to match literally. */
export const escapeLike = (q: string): string => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%q%` with LIKE's wildcards escaped; compare with `lower(column) like lower(pattern)`. */
export function likePattern(q: string): string {
  return `%${escapeLike(q)}%`;
}

/** `lower(<expression>) LIKE lower(<pattern>)`: case-insensitive substring match, served by the trigram indexes. */
export function contains(expression: RawBuilder<unknown> | Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${expression}) like lower(${pattern})`;
}
