import { outcomeMessages } from '../../../shared/outcome-messages';
import { CONTACT_FIELD_MESSAGES } from '../../../shared/validation';

export { CONTACT_LIMITS, trimContact, validateContact } from '../../../shared/validation';

/** The contacts page's toasts; field rules and limits are shared with the server (src/shared/validation/contacts.ts). */
export const CONTACT_TEXT = {
  ...outcomeMessages('Contact'),
  typeMore: CONTACT_FIELD_MESSAGES.queryTooShort,
} as const;
