import { sql } from 'kysely';
import type { SharedReport } from '../../../shared/schemas/shared-reports';
import type { Db } from '../../db/database';

/** A shared report's row, without its document. */
export interface SharedReportRow {
  id: string;
  property_id: string | null;
  address: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  views: number;
  last_viewed_at: Date | null;
}

const ROW_COLUMNS = [
  'id',
  'property_id',
  'address',
  'created_at',
  'expires_at',
  'revoked_at',
  'views',
  'last_viewed_at',
] as const;

/** The shared_reports table: a user's links and what each opens. */
export function createSharedReportsRepository(db: Db) {
  return {
    /** The sharer's name, with their company (account) when they have one. */
    async sharerName(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('users as u')
        .leftJoin('accounts as a', 'a.id', 'u.account_id')
        .select(['u.first_name', 'u.last_name', 'a.name as account'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      const name = `${row.first_name} ${row.last_name}`.trim();
      return row.account ? `${name}, ${row.account}` : name;
    },

    /** Adds a link unless the user has `max` already ('limit'). */
    async insert(
      userId: string,
      fields: { propertyId: string; address: string; report: SharedReport; expiresAt: Date },
      max: number,
    ): Promise<SharedReportRow | 'limit'> {
      return db.transaction().execute(async (trx) => {
        // The user's row is locked first, so one user's shares are counted one after the other.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const count = await trx
          .selectFrom('shared_reports')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (count.n >= max) return 'limit';
        return trx
          .insertInto('shared_reports')
          .values({
            user_id: userId,
            property_id: fields.propertyId,
            address: fields.address,
            report: JSON.stringify(fields.report),
            expires_at: fields.expiresAt,
          })
          .returning(ROW_COLUMNS)
          .executeTakeFirstOrThrow();
      });
    },

    /** The user's links, newest first; of one property when given. */
    async list(userId: string, propertyId?: string): Promise<SharedReportRow[]> {
      let query = db.selectFrom('shared_reports').select(ROW_COLUMNS).where('user_id', '=', userId);
      if (propertyId) query = query.where('property_id', '=', propertyId);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    /** Revokes one of the user's links (a revoked one stays as it was); undefined when they have no such link. */
    async revoke(userId: string, id: string): Promise<SharedReportRow | undefined> {
      return db
        .updateTable('shared_reports')
        .set({ revoked_at: sql<Date>`coalesce(revoked_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(ROW_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * Opens a link: returns its report while it is live, counting the view unless `countView` is false
     * (its PDF, from a page that counted it already); otherwise its row (to say why it does not open),
     * or undefined when there is no such link.
     */
    async open(
      id: string,
      countView = true,
    ): Promise<{ report: SharedReport; row: SharedReportRow } | { row: SharedReportRow | undefined }> {
      const opened = countView
        ? await db
            .updateTable('shared_reports')
            .set({ views: sql<number>`views + 1`, last_viewed_at: sql<Date>`now()` })
            .where('id', '=', id)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', sql<Date>`now()`)
            .returning([...ROW_COLUMNS, 'report'])
            .executeTakeFirst()
        : await db
            .selectFrom('shared_reports')
            .select([...ROW_COLUMNS, 'report'])
            .where('id', '=', id)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', sql<Date>`now()`)
            .executeTakeFirst();
      if (opened) {
        const { report, ...row } = opened;
        return { report, row };
      }
      return { row: await db.selectFrom('shared_reports').select(ROW_COLUMNS).where('id', '=', id).executeTakeFirst() };
    },
  };
}
