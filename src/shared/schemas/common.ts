import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';

/**
 * Building blocks of the wire schemas. Every wire type is a TypeBox schema in src/shared/schemas:
 * the server validates and serialises with it (and documents it in OpenAPI), and both sides use its
 * Static<> type. The client imports these files for their types only (`import type`), so TypeBox
 * never reaches the browser bundle.
 */

/** A schema of `T` or null. Primitive types stay one JSON-schema type list, which serialises fastest. */
export function Nullable<T extends TSchema>(schema: T) {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
  }
  return Type.Union([schema, Type.Null()]);
}

/** Every success answer: `{ data: ... }`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

/** A database id (a UUID) as the API writes it. */
export const Id = Type.String({ format: 'uuid' });

/** `/{thing}/:id`. Any text: the route answers a malformed id with its own 400 (checkId). */
export const IdParams = Type.Object({ id: Type.String({ maxLength: 200 }) });

/** An instant as the API writes it: ISO 8601 (a Date is written with toISOString). */
export const DateTime = Type.String({ format: 'date-time' });

/** A calendar day: YYYY-MM-DD. */
export const DateOnly = Type.String({ format: 'date' });

/** Field name → message, for validation failures. */
export const FieldErrors = Type.Record(Type.String(), Type.String());

const ErrorDetails = Type.Object({
  code: Type.String(),
  message: Type.String(),
  fields: Type.Optional(FieldErrors),
});

/** Every error answer: an HTTP status and `{ error: { code, message, fields? } }`. */
export const ErrorBody = Type.Object({ error: ErrorDetails });
export type ErrorBody = Static<typeof ErrorBody>;

/** An error answer that carries more, e.g. the `report` of a refused import. */
export const ErrorBodyWith = <T extends TProperties>(extra: T) =>
  Type.Object({ error: Type.Composite([ErrorDetails, Type.Object(extra)]) });

/** One page of a list: `items`, the `total` that match and where this page is. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A query string that takes no parameters (unknown ones are dropped). */
export const NoQuery = Type.Object({});

/** The body of a 204 answer. */
export const NoContent = Type.Null({ description: 'No content' });

/**
 * One of a few strings, as a JSON-schema `enum` (a union of literals would be an `anyOf`, whose
 * validation messages cannot list the accepted values).
 */
export const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
