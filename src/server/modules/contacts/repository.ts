import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../../http/errors';
import { likePattern } from '../../db/text-search';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './messages';
import type { Db } from '../../db/database';

export interface PropertyRow {
  id: string;
  address_full: string;
  city: string;
  state: string;
  zip: string;
  list_price: number;
}

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  notes: string;
  created_at: Date | string;
  updated_at: Date | string;
  properties: PropertyRow[] | string;
}

/** Trimmed, checked values; `propertyIds` lower-cased and without repeats. */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  notes: string;
  propertyIds: string[];
}

/** The address as the picker searches it: "123 main st, austin, tx 78701" (the trigram index of 0006). */
const SEARCHED_ADDRESS = sql`lower(p.address_full || ', ' || p.city || ', ' || p.state || ' ' || p.zip)`;

const SELECT = sql`
  select c.id, c.name, c.email, c.phone, c.notes, c.created_at, c.updated_at,
    coalesce((
      select json_agg(json_build_object('id', p.id, 'address_full', p.address_full, 'city', p.city, 'state', p.state,
        'zip', p.zip, 'list_price', p.list_price))
      from contact_properties cp join properties p on p.id = cp.property_id
      where cp.contact_id = c.id), '[]'::json) as properties
  from contacts c`;

const idsJson = (ids: string[]) => JSON.stringify(ids);

/**
 * `q` against name, email, phone and notes (case-insensitive substring). A query that looks like a
 * phone number also matches by its digits, so "512 555" finds "(512) 555-0100".
 */
function matches(q: string): RawBuilder<unknown> {
  const pattern = likePattern(q);
  const digits = q.replace(/\D/g, '');
  const byDigits =
    /^[\d\s+\-().]+$/.test(q) && digits.length >= 3
      ? sql`or regexp_replace(c.phone, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : sql``;
  return sql`and (lower(c.name) like lower(${pattern}) or lower(c.email) like lower(${pattern})
    or lower(c.phone) like lower(${pattern}) or lower(c.notes) like lower(${pattern}) ${byDigits})`;
}

/** 400 naming the ids that are not properties; run inside the write's transaction. */
async function checkProperties(trx: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await sql<{ id: string }>`
    select id::text as id from properties
    where id in (select x::uuid from json_array_elements_text(${idsJson(ids)}::json) as x)`.execute(trx);
  const known = new Set(found.rows.map((r) => r.id.toLowerCase()));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    const message = CONTACT_MESSAGES.unknownProperties(missing);
    throw badRequest(message, { propertyIds: message });
  }
}

async function linkProperties(trx: Db, contactId: string, ids: string[]): Promise<void> {
  await sql`delete from contact_properties where contact_id = ${contactId}::uuid`.execute(trx);
  if (!ids.length) return;
  await sql`
    insert into contact_properties (contact_id, property_id)
    select ${contactId}::uuid, x::uuid from json_array_elements_text(${idsJson(ids)}::json) as x`.execute(trx);
}

/** An agent's own contacts: every call is scoped by `agentId`, so another agent's contact reads as unknown. */
export function createContactsRepository(db: Db) {
  const findOne = async (q: Db, agentId: string, id: string) =>
    (await sql<ContactRow>`${SELECT} where c.agent_id = ${agentId}::uuid and c.id = ${id}::uuid`.execute(q)).rows[0];

  return {
    async list(agentId: string, q: string): Promise<ContactRow[]> {
      const result = await sql<ContactRow>`
        ${SELECT} where c.agent_id = ${agentId}::uuid ${q ? matches(q) : sql``}
        order by lower(c.name), c.id`.execute(db);
      return result.rows;
    },

    find: (agentId: string, id: string) => findOne(db, agentId, id),

    /** 'limit' when the agent already holds the most contacts; the agent's row is locked so concurrent adds count in turn. */
    async insert(agentId: string, v: ContactValues): Promise<ContactRow | 'limit'> {
      return db.transaction().execute(async (trx) => {
        await sql`select id from users where id = ${agentId}::uuid for update`.execute(trx);
        const count = await sql<{ n: number }>`select count(*)::int as n from contacts where agent_id = ${agentId}::uuid`.execute(
          trx,
        );
        if (count.rows[0].n >= CONTACT_LIMITS.contacts) return 'limit';
        await checkProperties(trx, v.propertyIds);
        const inserted = await sql<{ id: string }>`
          insert into contacts (agent_id, name, email, phone, notes)
          values (${agentId}::uuid, ${v.name}, ${v.email}, ${v.phone}, ${v.notes})
          returning id`.execute(trx);
        const id = inserted.rows[0].id;
        await linkProperties(trx, id, v.propertyIds);
        return findOne(trx, agentId, id);
      });
    },

    /** The contact and its links replaced together; undefined when it is not the agent's. */
    async update(agentId: string, id: string, v: ContactValues): Promise<ContactRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const updated = await sql<{ id: string }>`
          update contacts set name = ${v.name}, email = ${v.email}, phone = ${v.phone}, notes = ${v.notes}, updated_at = now()
          where agent_id = ${agentId}::uuid and id = ${id}::uuid
          returning id`.execute(trx);
        if (!updated.rows[0]) return undefined;
        await checkProperties(trx, v.propertyIds);
        await linkProperties(trx, id, v.propertyIds);
        return findOne(trx, agentId, id);
      });
    },

    async remove(agentId: string, id: string): Promise<boolean> {
      const deleted = await sql<{ id: string }>`
        delete from contacts where agent_id = ${agentId}::uuid and id = ${id}::uuid returning id`.execute(db);
      return deleted.rows.length > 0;
    },

    /** Properties whose formatted address contains `q`, in address order. */
    async propertyOptions(q: string): Promise<PropertyRow[]> {
      const result = await sql<PropertyRow>`
        select p.id, p.address_full, p.city, p.state, p.zip, p.list_price from properties p
        where ${SEARCHED_ADDRESS} like lower(${likePattern(q)})
        order by ${SEARCHED_ADDRESS}, p.id
        limit ${CONTACT_LIMITS.options}`.execute(db);
      return result.rows;
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;
