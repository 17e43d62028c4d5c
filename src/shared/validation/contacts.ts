import type { ContactInput } from '../investor-types';
import { MESSAGES } from './messages';
import { isValidEmail, type FieldErrors } from './rules';

/** A contact's limits (docs/investor-api.md, "Contacts"), checked by the form and the server alike. */
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

export const CONTACT_FIELD_MESSAGES = {
  nameRequired: MESSAGES.fieldRequired('Name'),
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  badEmail: MESSAGES.invalidEmailFor('Email'),
  emailTooLong: `Email must be at most ${CONTACT_LIMITS.email} characters`,
  badPhone: `Phone must be ${CONTACT_LIMITS.phoneMin} to ${CONTACT_LIMITS.phoneMax} characters of digits, spaces and + - ( ) .`,
  notesTooLong: `Notes must be at most ${CONTACT_LIMITS.notes.toLocaleString('en-US')} characters`,
  tooManyProperties: `A contact can be linked to at most ${CONTACT_LIMITS.properties} properties`,
  queryTooShort: `Type at least ${CONTACT_LIMITS.optionsQueryMin} characters of the address`,
} as const;

const PHONE = new RegExp(`^[0-9 +\\-().]{${CONTACT_LIMITS.phoneMin},${CONTACT_LIMITS.phoneMax}}$`);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Trimmed values, as they are sent and stored. */
export function trimContact(values: Partial<ContactInput>): ContactInput {
  return {
    name: text(values.name),
    email: text(values.email),
    phone: text(values.phone),
    notes: text(values.notes),
    propertyIds: values.propertyIds ?? [],
  };
}

/** Name required; email, phone and notes optional but well-formed; at most 50 linked properties. */
export function validateContact(raw: Partial<ContactInput>): FieldErrors {
  const v = trimContact(raw);
  const m = CONTACT_FIELD_MESSAGES;
  const errors: FieldErrors = {};
  if (!v.name) errors.name = m.nameRequired;
  else if (v.name.length > CONTACT_LIMITS.name) errors.name = m.nameTooLong;
  if (v.email.length > CONTACT_LIMITS.email) errors.email = m.emailTooLong;
  else if (v.email && !isValidEmail(v.email)) errors.email = m.badEmail;
  if (v.phone && !PHONE.test(v.phone)) errors.phone = m.badPhone;
  if (v.notes.length > CONTACT_LIMITS.notes) errors.notes = m.notesTooLong;
  if (v.propertyIds.length > CONTACT_LIMITS.properties) errors.propertyIds = m.tooManyProperties;
  return errors;
}
