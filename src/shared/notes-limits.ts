/** The longest note kept (a long page of text). */
export const MAX_NOTE_LENGTH = 20_000;
/** The longest message to the team (the radial menu's Chat). */
export const MAX_TEAM_MESSAGE_LENGTH = 4_000;
