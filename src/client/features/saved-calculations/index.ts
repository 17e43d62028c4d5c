/** Saved calculations' public surface: their endpoints, texts and the dialogs the dashboard and property page use. */
export {
  useDeleteSavedCalculationMutation,
  useRenameSavedCalculationMutation,
  useSaveCalculationMutation,
  useSavedCalculationQuery,
  useSavedCalculationsQuery,
} from './saved-calculations-api';
export { SavedCalculationActions } from './saved-calculation-actions';
export { CalculationNameDialog } from './calculation-name-dialog';
export { SAVED_CALCULATION_TEXT } from './saved-calculation-messages';
