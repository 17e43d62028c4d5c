/** Saved searches' public surface: their endpoints, the search page's Save button and the dashboard's actions. */
export {
  useSavedSearchesQuery,
  useCreateSavedSearchMutation,
  useUpdateSavedSearchMutation,
  useDeleteSavedSearchMutation,
  useMarkSavedSearchViewedMutation,
} from './saved-searches-api';
export { SaveSearchButton, SavedSearchSummary, type SavedPlace } from './save-search-button';
export { SavedSearchActions } from './saved-search-actions';
export { SAVED_SEARCH_TEXT, ALERT_CHOICES, alertLabel, describeQueryFilters, describeSort } from './saved-search-text';
