import { readSignedIds, signIds } from '../../lib/signed-ids';

/** A shared report's link token: its id signed (lib/signed-ids.ts), so a link cannot be guessed or made for another report. */
const PURPOSE = 'dealmap shared report';

export const signShareToken = (secret: string, id: string): string => signIds(secret, PURPOSE, [id]);

/** The report id a token names, or null: cut short, changed, forged or not a token. */
export const readShareToken = (secret: string, token: string): string | null =>
  readSignedIds(secret, PURPOSE, token, 1)?.[0] ?? null;
