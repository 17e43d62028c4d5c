import { Envelope } from '../../../shared/schemas/common';
import { Note, NotesQuery, SaveNote } from '../../../shared/schemas/notes';
import type { RoutePlugin } from '../../http/route-context';
import { badRequest, notFound } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { createNotesRepository } from './repository';

export const NOTE_MESSAGES = {
  badPropertyId: 'propertyId must be a property id (a UUID), or left out for your general note',
  propertyNotFound: 'Property not found',
} as const;

/**
 * Under /api/v1/auth: the signed-in user's notes (the radial menu's Record), kept on the server so
 * they follow the user across devices: GET /notes and PUT /notes, with `propertyId` for a note on a
 * property, without it for the general note. Only one's own notes exist for anyone.
 */
export const notesRoutes: RoutePlugin = async (app, { ctx }) => {
  const notes = createNotesRepository(ctx.db);
  const propertyIdOf = async (raw: string | null | undefined): Promise<string | null> => {
    if (raw === undefined || raw === null || raw === '') return null;
    if (!isUuid(raw)) throw badRequest(NOTE_MESSAGES.badPropertyId, { propertyId: NOTE_MESSAGES.badPropertyId });
    const id = raw.toLowerCase();
    if (!(await notes.propertyExists(id))) throw notFound(NOTE_MESSAGES.propertyNotFound);
    return id;
  };

  app.get('/notes', { schema: { querystring: NotesQuery, response: { 200: Envelope(Note) } } }, async (request) => ({
    data: await notes.findNote(request.auth!.userId, await propertyIdOf(request.query.propertyId)),
  }));

  app.put('/notes', { schema: { body: SaveNote, response: { 200: Envelope(Note) } } }, async (request) => ({
    data: await notes.saveNote(request.auth!.userId, await propertyIdOf(request.body.propertyId), request.body.body),
  }));
};
