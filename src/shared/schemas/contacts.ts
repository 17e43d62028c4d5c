import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Id } from './common';

/** An Agent's contacts (under /api/v1/auth; other roles get 403). */

export const ContactProperty = Type.Object({ _id: Id, address: Type.String(), listPrice: Type.Number() });
export type ContactProperty = Static<typeof ContactProperty>;

export const Contact = Type.Object({
  _id: Id,
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  notes: Type.String(),
  properties: Type.Array(ContactProperty),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Contact = Static<typeof Contact>;

const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/**
 * POST /contacts and PUT /contacts/:id. Types and outer bounds only: the fields are checked after
 * trimming (src/shared/validation/contacts.ts) with the form's own messages. Empty strings clear
 * optional fields; unknown members are ignored.
 */
export const ContactInput = Type.Object({
  name: Text(1000),
  email: Text(1000),
  phone: Text(200),
  notes: Text(10_000),
  propertyIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
});
export type ContactInput = Required<Static<typeof ContactInput>>;

/** GET /contacts and /contacts/property-options: an optional search text. */
export const ContactsQuery = Type.Object({ q: Text(200) });
