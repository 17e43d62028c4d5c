/** The profile's experience, offer targets and contacts screens, loaded together by the router. */
export { ExperienceTab } from './experience-tab';
export { ProfileContactsTab } from './profile-contacts-tab';
export { TargetsTab } from './targets-tab';
