/** Texts of the saved calculations UI (the product's success patterns: '{Thing} deleted successfully'). */
export const NAME_MAX_LENGTH = 120;

export const SAVED_CALCULATION_TEXT = {
  created: 'Saved calculation created successfully',
  renamed: 'Saved calculation renamed successfully',
  deleted: 'Saved calculation deleted successfully',
  createFailed: 'An error occurred while creating the saved calculation',
  renameFailed: 'An error occurred while renaming the saved calculation',
  deleteFailed: 'An error occurred while deleting the saved calculation',
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
