import { Type, type Static } from '@sinclair/typebox';
import { DateTime, Nullable } from './common';
import { MAX_NOTE_LENGTH, MAX_TEAM_MESSAGE_LENGTH } from '../notes-limits';

export { MAX_NOTE_LENGTH, MAX_TEAM_MESSAGE_LENGTH };

/** GET /notes?propertyId=: the signed-in user's note (on a property, or their general one). */
export const NotesQuery = Type.Object({
  propertyId: Type.Optional(Type.String({ description: 'A property id; absent: the general note.' })),
});
export type NotesQuery = Static<typeof NotesQuery>;

export const Note = Type.Object({
  propertyId: Nullable(Type.String()),
  body: Type.String(),
  /** When it was last saved; null when there is no note yet. */
  updatedAt: Nullable(DateTime),
});
export type Note = Static<typeof Note>;

/** PUT /notes: saves (an empty body deletes) the note. */
export const SaveNote = Type.Object(
  {
    propertyId: Type.Optional(Nullable(Type.String())),
    body: Type.String({ maxLength: MAX_NOTE_LENGTH }),
  },
  { additionalProperties: false },
);
export type SaveNote = Static<typeof SaveNote>;

/** POST /teamMessage: a message to the Dealmap team (the radial menu's Chat), sent by mail. */
export const TeamMessage = Type.Object(
  {
    message: Type.String({ maxLength: MAX_TEAM_MESSAGE_LENGTH }),
    /** The page the user wrote from, for context. */
    page: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type TeamMessage = Static<typeof TeamMessage>;

export const TeamMessageSent = Type.Object({ sentTo: Type.Integer({ description: 'How many team members it went to.' }) });
