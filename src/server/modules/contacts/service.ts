import { formatAddress } from '../../../shared/format';
import type { Contact, ContactInput, ContactProperty } from '../../../shared/investor-types';
import { trimContact, validateContact } from '../../../shared/validation';
import { badRequest, conflict, notFound, throwIfInvalid } from '../../http/errors';
import { checkId, isUuid } from '../../http/ids';
import { CONTACT_LIMITS, CONTACT_MESSAGES } from './messages';
import { createContactsRepository, type ContactRow, type ContactValues, type PropertyRow } from './repository';
import type { Db } from '../../db/database';

/** Trims the input and checks every field (all problems at once, per field); ids lower-cased, repeats dropped. */
export function checkContactInput(input: Partial<ContactInput>): ContactValues {
  const { propertyIds: raw, ...v } = trimContact(input);
  const propertyIds = [...new Set(raw.map((id) => id.trim().toLowerCase()))];
  const errors = validateContact({ ...v, propertyIds });
  const badId = propertyIds.find((id) => !isUuid(id));
  if (!errors.propertyIds && badId !== undefined) errors.propertyIds = CONTACT_MESSAGES.badPropertyId(badId);
  throwIfInvalid(errors);
  return { ...v, propertyIds };
}

function toProperty(p: PropertyRow): ContactProperty {
  return {
    _id: p.id,
    address: formatAddress({
      PropertyAddressFull: p.address_full,
      PropertyAddressCity: p.city,
      PropertyAddressState: p.state,
      PropertyAddressZIP: p.zip,
    }),
    listPrice: Number(p.list_price),
  };
}

function toContact(row: ContactRow): Contact {
  const properties = typeof row.properties === 'string' ? (JSON.parse(row.properties) as PropertyRow[]) : row.properties;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    properties: properties.map(toProperty).sort((a, b) => a.address.localeCompare(b.address) || a._id.localeCompare(b._id)),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const checkContactId = (id: string) => checkId('contact', id, CONTACT_MESSAGES.badId);

/** An agent's contacts and the properties linked to them (docs/investor-api.md). */
export function createContactsService(db: Db) {
  const repository = createContactsRepository(db);

  return {
    async list(agentId: string, q = ''): Promise<Contact[]> {
      return (await repository.list(agentId, q.trim())).map(toContact);
    },

    async get(agentId: string, id: string): Promise<Contact> {
      const row = await repository.find(agentId, checkContactId(id));
      if (!row) throw notFound(CONTACT_MESSAGES.notFound);
      return toContact(row);
    },

    async create(agentId: string, input: Partial<ContactInput>): Promise<Contact> {
      const row = await repository.insert(agentId, checkContactInput(input));
      if (row === 'limit') throw conflict(CONTACT_MESSAGES.limit);
      return toContact(row);
    },

    async update(agentId: string, id: string, input: Partial<ContactInput>): Promise<Contact> {
      const checkedId = checkContactId(id);
      const row = await repository.update(agentId, checkedId, checkContactInput(input));
      if (!row) throw notFound(CONTACT_MESSAGES.notFound);
      return toContact(row);
    },

    async remove(agentId: string, id: string): Promise<void> {
      if (!(await repository.remove(agentId, checkContactId(id)))) throw notFound(CONTACT_MESSAGES.notFound);
    },

    async propertyOptions(rawQ = ''): Promise<ContactProperty[]> {
      const q = rawQ.trim();
      if (q.length < CONTACT_LIMITS.optionsQueryMin)
        throw badRequest(CONTACT_MESSAGES.queryTooShort, { q: CONTACT_MESSAGES.queryTooShort });
      return (await repository.propertyOptions(q)).map(toProperty);
    },
  };
}
