/** PostgreSQL's unique_violation (SQLSTATE 23505): an insert or update met a unique index. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';
