import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { summaryOf } from '../../../../shared/search-summary';
import { errorMessage } from '../../../api/base-query';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DEAL_TEXT, usePropertyQuery } from '../../deal';
import { propertiesMerged, selectionCleared, selectSelectedId, selectSelectedProperty } from '../map-slice';
import type { MapProperty } from '../map-types';

/**
 * The selected property's summary, for its popup. A selection the map does not know yet (a link with
 * `?property=<id>`) is loaded whole (GET /property/:id, which the popup reads anyway) and its summary
 * added to the known properties, so it has a marker and a popup like any other; one that does not
 * load is cleared, with the reason in a toast.
 */
export function useSelectedProperty(): MapProperty | null {
  const dispatch = useAppDispatch();
  const selectedId = useAppSelector(selectSelectedId);
  const known = useAppSelector(selectSelectedProperty);
  const whole = usePropertyQuery(selectedId && !known ? selectedId : skipToken);
  const loaded = !known && whole.data && whole.data._id === selectedId ? whole.data : null;
  useEffect(() => {
    if (loaded) dispatch(propertiesMerged([summaryOf(loaded)]));
  }, [loaded, dispatch]);
  const failed = !known && selectedId && whole.error && whole.originalArgs === selectedId ? whole.error : null;
  useEffect(() => {
    if (!failed) return;
    toast.error(errorMessage(failed, DEAL_TEXT.propertyLoadFailed));
    dispatch(selectionCleared());
  }, [failed, dispatch]);
  return known;
}
