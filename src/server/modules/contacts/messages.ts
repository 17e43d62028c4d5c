import { MESSAGES } from '../../../shared/validation';

export const CONTACT_LIMITS = {
  name: 120,
  email: 254,
  phoneMin: 7,
  phoneMax: 20,
  notes: 2000,
  properties: 50,
  /** How many contacts one agent may keep. */
  contacts: 5000,
  /** Property picker: the shortest query and the most options answered. */
  optionsQueryMin: 2,
  options: 20,
} as const;

export const CONTACT_MESSAGES = {
  agentsOnly: 'Contacts are for agents',
  badId: 'Contact id must be a UUID',
  notFound: 'Contact not found',
  nameRequired: MESSAGES.fieldRequired('Name'),
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  badEmail: MESSAGES.invalidEmailFor('Email'),
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters`,
  badPhone: `Phone must be ${CONTACT_LIMITS.phoneMin} to ${CONTACT_LIMITS.phoneMax} characters of digits, spaces and + - ( ) .`,
  notesTooLong: `Notes must be at most ${CONTACT_LIMITS.notes.toLocaleString('en-US')} characters`,
  tooManyProperties: `A contact can be linked to at most ${CONTACT_LIMITS.properties} properties`,
  badPropertyId: (id: string) => `"${id.slice(0, 60)}" is not a valid property id`,
  unknownProperties: (ids: string[]) =>
    ids.length === 1 ? `Unknown property: ${ids[0]}` : `Unknown properties: ${ids.join(', ')}`,
  queryTooShort: `Type at least ${CONTACT_LIMITS.optionsQueryMin} characters of the address`,
  limit: `You already have ${CONTACT_LIMITS.contacts.toLocaleString('en-US')} contacts, the most one agent can keep. Delete some to add new ones.`,
} as const;
