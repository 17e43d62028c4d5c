import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** NUL and unpaired UTF-16 surrogates: PostgreSQL text cannot hold them (the query would fail with a 500). */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_GUARD_MESSAGE = (field: string) =>
  `${field} contains a character that cannot be stored (a NUL character or a broken Unicode sequence): remove it and try again`;

/** Nesting past this is refused before the walk (no request of ours nests deeper). */
const MAX_DEPTH = 32;

/** The path of the first string (key or value) holding an unstorable character, or null. */
export function findUnstorableText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return path;
    const found = findUnstorableText(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export const NUMBER_GUARD_MESSAGE = (field: string) => `${field} must be a finite number`;

/** The path of the first number that is not finite (JSON and query coercion turn 1e309 into Infinity), or null. */
export function findNonFiniteNumber(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const found = findNonFiniteNumber(
      child,
      Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : String(key),
      depth + 1,
    );
    if (found) return found;
  }
  return null;
}

const refuse = (field: string, message: (field: string) => string) => badRequest(message(field), { [field]: message(field) });

/**
 * One guard for every route, so no route's SQL sees what PostgreSQL refuses: before validation, any
 * string of the params, the query or the body it could not store; after validation (and the
 * query's number coercion), any number that is not finite. Each is a 400 naming the field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findNonFiniteNumber(value, '');
      if (found !== null) throw refuse(found || part, NUMBER_GUARD_MESSAGE);
    }
  });
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnstorableText(value, '');
      if (found !== null) throw refuse(found || part, TEXT_GUARD_MESSAGE);
    }
  });
}
