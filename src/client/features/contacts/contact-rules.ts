import type { ContactInput } from '../../../shared/investor-types';
import { MESSAGES, isValidEmail, type FieldErrors } from '../../../shared/validation';

/** The server's limits for a contact (docs/investor-api.md, "Contacts"). */
export const CONTACT_LIMITS = { name: 120, phoneMin: 7, phoneMax: 20, notes: 2000, properties: 50, optionsQueryMin: 2 } as const;

const PHONE = new RegExp(`^[0-9 +\\-().]{${CONTACT_LIMITS.phoneMin},${CONTACT_LIMITS.phoneMax}}$`);

export const CONTACT_TEXT = {
  created: 'Contact created successfully',
  updated: 'Contact updated successfully',
  deleted: 'Contact deleted successfully',
  createFailed: 'An error occurred while creating the contact',
  updateFailed: 'An error occurred while updating the contact',
  deleteFailed: 'An error occurred while deleting the contact',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.name} characters`,
  badPhone: `Phone must be ${CONTACT_LIMITS.phoneMin} to ${CONTACT_LIMITS.phoneMax} characters of digits, spaces and + - ( ) .`,
  notesTooLong: `Notes must be at most ${CONTACT_LIMITS.notes.toLocaleString('en-US')} characters`,
  tooManyProperties: `A contact can be linked to at most ${CONTACT_LIMITS.properties} properties`,
  typeMore: `Type at least ${CONTACT_LIMITS.optionsQueryMin} characters of the address`,
} as const;

/** Trimmed values, as they are sent. */
export function trimContact(values: Partial<ContactInput>): ContactInput {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    name: text(values.name),
    email: text(values.email),
    phone: text(values.phone),
    notes: text(values.notes),
    propertyIds: values.propertyIds ?? [],
  };
}

/** The checks the server runs, before anything is sent: name required, the rest optional but well-formed. */
export function validateContact(raw: Partial<ContactInput>): FieldErrors {
  const v = trimContact(raw);
  const errors: FieldErrors = {};
  if (!v.name) errors.name = MESSAGES.fieldRequired('Name');
  else if (v.name.length > CONTACT_LIMITS.name) errors.name = CONTACT_TEXT.nameTooLong;
  if (v.email && !isValidEmail(v.email)) errors.email = MESSAGES.invalidEmailFor('Email');
  if (v.phone && !PHONE.test(v.phone)) errors.phone = CONTACT_TEXT.badPhone;
  if (v.notes.length > CONTACT_LIMITS.notes) errors.notes = CONTACT_TEXT.notesTooLong;
  if (v.propertyIds.length > CONTACT_LIMITS.properties) errors.propertyIds = CONTACT_TEXT.tooManyProperties;
  return errors;
}
