import { CONTACT_FIELD_MESSAGES, CONTACT_LIMITS } from '../../../shared/validation';

export { CONTACT_LIMITS };

/** The field messages are shared with the form (src/shared/validation/contacts.ts); these are the server's own. */
export const CONTACT_MESSAGES = {
  ...CONTACT_FIELD_MESSAGES,
  agentsOnly: 'Contacts are for agents',
  badId: 'Contact id must be a UUID',
  notFound: 'Contact not found',
  badPropertyId: (id: string) => `"${id.slice(0, 60)}" is not a valid property id`,
  unknownProperties: (ids: string[]) =>
    ids.length === 1 ? `Unknown property: ${ids[0]}` : `Unknown properties: ${ids.join(', ')}`,
  limit: `You already have ${CONTACT_LIMITS.contacts.toLocaleString('en-US')} contacts, the most one agent can keep. Delete some to add new ones.`,
} as const;
