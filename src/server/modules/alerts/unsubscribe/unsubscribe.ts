import type { UnsubscribeAnswer } from '../../../../shared/schemas/alerts';
import { ERROR_CODES } from '../../../../shared/api-types';
import type { Db } from '../../../db/database';
import { AppError, notFound } from '../../../http/errors';
import { createSavedSearchesRepository } from '../saved-searches/saved-searches-repository';
import { readUnsubscribeToken } from './unsubscribe-token';

export const UNSUBSCRIBE_MESSAGES = {
  invalid:
    'This unsubscribe link is not valid: it may have been cut short or changed. Open it again from the alert e-mail, or turn the alert off under Saved searches in Dealmap.',
  missing: 'The unsubscribe link has no token: open the link from the alert e-mail again.',
  gone: 'This saved search no longer exists, so it sends no alerts.',
} as const;

export const invalidUnsubscribe = (message: string = UNSUBSCRIBE_MESSAGES.invalid) =>
  new AppError(400, ERROR_CODES.tokenInvalid, message, { token: message });

/**
 * Turns off the alerts of the saved searches a signed token names (no sign-in: the token is the
 * proof). 'unsubscribed' when it turned at least one off now, 'already-unsubscribed' when they were
 * all off; a forged or damaged token is 400, searches all deleted since are 404.
 */
export async function unsubscribe(db: Db, secret: string, token: string): Promise<UnsubscribeAnswer> {
  const ids = readUnsubscribeToken(secret, token.trim());
  if (!ids) throw invalidUnsubscribe();
  return db.transaction().execute(async (trx) => {
    const repository = createSavedSearchesRepository(trx);
    const searches = await repository.lockAlerts(ids);
    if (!searches.length) throw notFound(UNSUBSCRIBE_MESSAGES.gone);
    const on = searches.filter((s) => s.alert !== 'off').map((s) => s.id);
    await repository.turnAlertsOff(on);
    return {
      status: on.length ? 'unsubscribed' : 'already-unsubscribed',
      searchName: searches.map((s) => s.name).join(', '),
    };
  });
}
