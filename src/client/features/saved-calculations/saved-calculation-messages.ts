/** Texts of the saved calculations UI (the product's success patterns: '{Thing} deleted successfully'). */
import { outcomeMessages } from '../../../shared/outcome-messages';

export const NAME_MAX_LENGTH = 120;

export const SAVED_CALCULATION_TEXT = {
  ...outcomeMessages('Saved calculation'),
  renamed: 'Saved calculation renamed successfully',
  renameFailed: 'An error occurred while renaming the saved calculation',
  alreadyGone: 'This saved calculation no longer exists',
  invalidId: 'Invalid saved calculation ID provided',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters`,
} as const;

/** The same checks as the server (1–120 characters after trimming); null when the name is fine. */
export function calculationNameProblem(name: string | undefined): string | null {
  const trimmed = (name ?? '').trim();
  if (!trimmed) return SAVED_CALCULATION_TEXT.nameRequired;
  if (trimmed.length > NAME_MAX_LENGTH) return SAVED_CALCULATION_TEXT.nameTooLong;
  return null;
}
