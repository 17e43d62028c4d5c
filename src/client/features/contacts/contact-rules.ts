import { CONTACT_FIELD_MESSAGES } from '../../../shared/validation';

export { CONTACT_LIMITS, trimContact, validateContact } from '../../../shared/validation';

/** The contacts page's toasts; field rules and limits are shared with the server (src/shared/validation/contacts.ts). */
export const CONTACT_TEXT = {
  created: 'Contact created successfully',
  updated: 'Contact updated successfully',
  deleted: 'Contact deleted successfully',
  createFailed: 'An error occurred while creating the contact',
  updateFailed: 'An error occurred while updating the contact',
  deleteFailed: 'An error occurred while deleting the contact',
  typeMore: CONTACT_FIELD_MESSAGES.queryTooShort,
} as const;
