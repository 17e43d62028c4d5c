/** Contacts' public surface: the profile's Contacts tab reads the agent's contacts. */
export { useContactsQuery } from './contacts-api';
