import { invalidIdMessage } from '../../shared/validation';
import { badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id the API hands out is a UUID. */
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * 400 unless `id` is a well-formed id: `message` ('Invalid {thing} ID provided' by default) as the
 * error's and the `id` field's; the id in lower case.
 */
export function checkId(thing: string, id: string | undefined, message = invalidIdMessage(thing)): string {
  const value = (id ?? '').trim();
  if (!isUuid(value)) throw badRequest(message, { id: message });
  return value.toLowerCase();
}
