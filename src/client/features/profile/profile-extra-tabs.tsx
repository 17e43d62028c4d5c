/** The profile's experience and contacts screens, loaded together by the router. */
export { ExperienceTab } from './experience-tab';
export { ProfileContactsTab } from './profile-contacts-tab';
