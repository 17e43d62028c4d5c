import { invalidIdMessage } from '../../shared/validation';
import { badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id the API hands out is a UUID. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** 400 'Invalid {thing} ID provided' unless `id` is a well-formed id; the id in lower case. */
export function checkId(thing: string, id: string | undefined): string {
  const value = (id ?? '').trim();
  if (!isUuid(value)) throw badRequest(invalidIdMessage(thing), { id: invalidIdMessage(thing) });
  return value.toLowerCase();
}
