import { sql } from 'kysely';
import type { Note } from '../../../shared/schemas/notes';
import type { Db } from '../../db/database';

const toNote = (propertyId: string | null, row?: { body: string; updated_at: Date }): Note => ({
  propertyId,
  body: row?.body ?? '',
  updatedAt: row ? row.updated_at.toISOString() : null,
});

/** The signed-in user's notes: one per property, and one general note (propertyId null). */
export function createNotesRepository(db: Db) {
  return {
    /** The user's note on a property (or their general note, propertyId null); empty when there is none. */
    async findNote(userId: string, propertyId: string | null): Promise<Note> {
      const row = await db
        .selectFrom('notes')
        .select(['body', 'updated_at'])
        .where('user_id', '=', userId)
        .where((eb) => (propertyId === null ? eb('property_id', 'is', null) : eb('property_id', '=', propertyId)))
        .executeTakeFirst();
      return toNote(propertyId, row);
    },

    /** Saves the note in one statement (an empty body deletes it); returns it as saved. */
    async saveNote(userId: string, propertyId: string | null, body: string): Promise<Note> {
      if (body.trim() === '') {
        await db
          .deleteFrom('notes')
          .where('user_id', '=', userId)
          .where((eb) => (propertyId === null ? eb('property_id', 'is', null) : eb('property_id', '=', propertyId)))
          .execute();
        return toNote(propertyId);
      }
      const row = await sql<{ body: string; updated_at: Date }>`
        insert into notes (user_id, property_id, body) values (${userId}, ${propertyId}, ${body})
        on conflict (user_id, property_id) do update set body = excluded.body, updated_at = now()
        returning body, updated_at`.execute(db);
      return toNote(propertyId, row.rows[0]);
    },

    async propertyExists(id: string): Promise<boolean> {
      return !!(await db.selectFrom('properties').select('id').where('id', '=', id).executeTakeFirst());
    },
  };
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;
