import { Button, Descriptions } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { MapBounds } from '../../../shared/schemas/geo';
import { useCreateSavedSearchMutation } from './saved-searches-api';
import { SavedSearchDialog, type SavedSearchFormValues } from './saved-search-dialog';
import { defaultSearchName, describeQueryFilters, describeSort, SAVED_SEARCH_TEXT } from './saved-search-text';
import { BookmarkIcon } from '../../components/icons';

/** The place a search was made for: its short name (the default name) and its address (what is stored). */
export interface SavedPlace {
  name: string;
  formattedAddress: string;
}

export interface SaveSearchButtonProps {
  /** The map's view now; null until the map has settled (the button is disabled). */
  bounds: MapBounds | null;
  /** The place searched for, when it is in view. */
  place: SavedPlace | null;
  /** The search page's filters and sort as its URL carries them (defaults left out). */
  query: Record<string, string>;
  size?: 'small' | 'middle';
}

/** What a save keeps: the view (or place), the filters and the sort, in words. */
export function SavedSearchSummary({ place, query }: { place: SavedPlace | null; query: Record<string, string> }) {
  const filters = describeQueryFilters(query);
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      className="dm-ss-summary"
      items={[
        { key: 'view', label: 'View', children: place ? place.formattedAddress : SAVED_SEARCH_TEXT.mapView },
        { key: 'filters', label: 'Filters', children: filters.length ? filters.join(' · ') : SAVED_SEARCH_TEXT.noFilters },
        { key: 'sort', label: 'Sort', children: describeSort(query) },
      ]}
    />
  );
}

/**
 * "Save search" on the search page: a dialog with the name (the place in view, else the day), the
 * alert setting and what is saved; POST /auth/saved-searches with the view, place, filters and sort.
 */
export function SaveSearchButton({ bounds, place, query, size = 'middle' }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const [create] = useCreateSavedSearchMutation();
  const [initial, setInitial] = useState<SavedSearchFormValues>({ name: '', alert: 'instant' });

  const openDialog = () => {
    setInitial({ name: defaultSearchName(place?.name), alert: 'instant' });
    setOpen(true);
  };

  const submit = async ({ name, alert }: SavedSearchFormValues) => {
    if (!bounds) return;
    await create({ name, alert, bounds, query, ...(place ? { place: place.formattedAddress } : {}) }).unwrap();
    toast.success(SAVED_SEARCH_TEXT.created);
    setOpen(false);
  };

  return (
    <>
      <Button
        size={size}
        icon={<BookmarkIcon />}
        onClick={openDialog}
        disabled={!bounds}
        title={bounds ? undefined : SAVED_SEARCH_TEXT.noView}
      >
        {SAVED_SEARCH_TEXT.save}
      </Button>
      <SavedSearchDialog
        open={open}
        title={SAVED_SEARCH_TEXT.saveTitle}
        okText={SAVED_SEARCH_TEXT.saveOk}
        initial={initial}
        onSubmit={submit}
        onCancel={() => setOpen(false)}
        failureMessage={SAVED_SEARCH_TEXT.createFailed}
      >
        <SavedSearchSummary place={place} query={query} />
      </SavedSearchDialog>
    </>
  );
}
