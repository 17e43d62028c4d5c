import { sql, type Insertable, type Selectable } from 'kysely';
import type { PortfolioActuals, PortfolioMonth } from '../../../shared/schemas/portfolio';
import type { Db } from '../../db/database';
import type { PortfolioPropertiesTable, PortfolioSnapshotsTable } from '../../db/schema';

/** The portfolio's tables (0043): its properties, their months' actuals and their estimates' snapshots. */

const PROPERTY_COLUMNS = [
  'id',
  'deal_id',
  'property_id',
  'address',
  'city',
  'state',
  'zip',
  'latitude',
  'longitude',
  'beds',
  'baths',
  'area',
  'purchase_price',
  'loan',
  'plan',
  'created_at',
] as const;

/** A property's row as the service reads it: its purchase date as text (YYYY-MM-DD). */
export type OwnedRow = Omit<Selectable<PortfolioPropertiesTable>, 'seq' | 'user_id' | 'updated_at' | 'purchase_date'> & {
  purchase_date: string;
};

export type SnapshotRow = Selectable<PortfolioSnapshotsTable>;

export type NewOwned = Omit<Insertable<PortfolioPropertiesTable>, 'id' | 'created_at' | 'updated_at' | 'purchase_date'> & {
  purchase_date: string;
};
export type OwnedChange = Partial<Omit<NewOwned, 'user_id' | 'deal_id' | 'property_id'>>;

export function createPortfolioRepository(db: Db) {
  const selectOwned = () =>
    db
      .selectFrom('portfolio_properties')
      .select(PROPERTY_COLUMNS)
      .select(sql<string>`purchase_date::text`.as('purchase_date'));

  /** The loan and the plan as JSON text (what the driver hands to a jsonb column). */
  const asJson = <T extends OwnedChange>(row: T): T => ({
    ...row,
    ...(row.loan !== undefined ? { loan: row.loan === null ? null : JSON.stringify(row.loan) } : {}),
    ...(row.plan !== undefined ? { plan: JSON.stringify(row.plan) } : {}),
  });

  return {
    /** The user's properties, the first added first. */
    list: (userId: string): Promise<OwnedRow[]> => selectOwned().where('user_id', '=', userId).orderBy('seq').execute(),

    find: (userId: string, id: string): Promise<OwnedRow | undefined> =>
      selectOwned().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    /** The pipeline deals already in the portfolio. */
    async dealIds(userId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('portfolio_properties')
        .select('deal_id')
        .where('user_id', '=', userId)
        .where('deal_id', 'is not', null)
        .execute();
      return new Set(rows.map((r) => r.deal_id!));
    },

    /** Adds properties in one transaction, unless the user would own more than `max` ('limit'); their ids in order. */
    async insert(userId: string, rows: readonly NewOwned[], max: number): Promise<string[] | 'limit'> {
      return db.transaction().execute(async (trx) => {
        // The user's row is locked first, so one user's additions are counted one after the other.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        const count = await trx
          .selectFrom('portfolio_properties')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (count.n + rows.length > max) return 'limit';
        const ids: string[] = [];
        for (const row of rows) {
          const { id } = await trx
            .insertInto('portfolio_properties')
            .values(asJson(row))
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(id);
        }
        return ids;
      });
    },

    /** Changes a property; its snapshot of this month goes, as its facts may have changed the estimate. */
    async update(userId: string, id: string, change: OwnedChange, month: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('portfolio_properties')
          .set({ ...asJson(change), updated_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await trx.deleteFrom('portfolio_snapshots').where('portfolio_property_id', '=', id).where('month', '=', month).execute();
        return true;
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('portfolio_properties')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async months(ids: readonly string[]): Promise<Map<string, PortfolioMonth[]>> {
      const byProperty = new Map<string, PortfolioMonth[]>();
      if (!ids.length) return byProperty;
      const rows = await db
        .selectFrom('portfolio_months')
        .select(['portfolio_property_id', 'month', 'rent', 'vacant_days', 'expenses', 'note'])
        .where('portfolio_property_id', 'in', ids)
        .orderBy('month')
        .execute();
      for (const r of rows) {
        const month: PortfolioMonth = { month: r.month, rent: r.rent, vacantDays: r.vacant_days, expenses: r.expenses };
        if (r.note) month.note = r.note;
        byProperty.set(r.portfolio_property_id, [...(byProperty.get(r.portfolio_property_id) ?? []), month]);
      }
      return byProperty;
    },

    /** Writes months' actuals (a month entered again is replaced), in one transaction. */
    async saveMonths(id: string, months: ReadonlyArray<PortfolioActuals & { month: string }>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const m of months) {
          const values = { rent: m.rent, vacant_days: m.vacantDays, expenses: m.expenses, note: m.note?.trim() || null };
          await trx
            .insertInto('portfolio_months')
            .values({ portfolio_property_id: id, month: m.month, ...values })
            .onConflict((oc) =>
              oc.columns(['portfolio_property_id', 'month']).doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
            )
            .execute();
        }
      });
    },

    async deleteMonth(id: string, month: string): Promise<boolean> {
      const result = await db
        .deleteFrom('portfolio_months')
        .where('portfolio_property_id', '=', id)
        .where('month', '=', month)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async snapshots(ids: readonly string[]): Promise<SnapshotRow[]> {
      if (!ids.length) return [];
      return db
        .selectFrom('portfolio_snapshots')
        .selectAll()
        .where('portfolio_property_id', 'in', ids)
        .orderBy('month')
        .execute();
    },

    /** This month's snapshot of a property's estimates (replacing the month's earlier one). */
    async saveSnapshot(row: Omit<SnapshotRow, 'recorded_at'>): Promise<void> {
      const { portfolio_property_id: _id, month: _month, ...figures } = row;
      await db
        .insertInto('portfolio_snapshots')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['portfolio_property_id', 'month']).doUpdateSet({ ...figures, recorded_at: sql<Date>`now()` }),
        )
        .execute();
    },
  };
}

export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;
