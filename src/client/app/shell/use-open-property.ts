import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { dealApi } from '../../features/deal/deal-api';
import { propertySelected } from '../../features/map/map-slice';
import { notificationLink } from '../../features/notifications';
import { useAppDispatch } from '../hooks';

const SEARCH_PATH = '/app/search';

/**
 * Opens a property's popup on the map, for the header's notifications. On the search page it selects
 * the property there (the page opens its popup and writes `property=<id>` into the URL; a link to the
 * page itself would not reopen it). Elsewhere it loads the whole property first (the popup reads it
 * anyway, from the cache then) and goes to the search page centred on it with its popup open; a
 * property that does not load still gets the plain link, where the page says why. A navigation of the
 * user's own while it loads wins.
 */
export function useOpenProperty(): (propertyId: string) => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location.key);
  useEffect(() => {
    current.current = location.key;
  }, [location.key]);

  return useCallback(
    (propertyId: string) => {
      if (location.pathname === SEARCH_PATH) {
        dispatch(propertySelected(propertyId));
        return;
      }
      const from = location.key;
      void dispatch(dealApi.endpoints.property.initiate(propertyId, { subscribe: false })).then(({ data }) => {
        if (current.current !== from) return;
        const [lng, lat] = data?.location.coordinates ?? [NaN, NaN];
        void navigate(notificationLink(propertyId, { lat, lng }));
      });
    },
    [dispatch, navigate, location.pathname, location.key],
  );
}
