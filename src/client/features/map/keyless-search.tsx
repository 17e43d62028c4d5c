import { Alert, Input, Modal } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/base-query';
import { useAppDispatch } from '../../app/hooks';
import { isSearchableBounds } from '../../../shared/geo/bounds';
import { boundsAround, boundsCenter, zoomToFit } from '../../../shared/geo/viewport';
import { searchFilterParams, type SearchFilters } from '../../../shared/search-filters';
import type { InitialCamera } from './camera-params';
import { useGeocodeQuery } from '../../api/places-api';
import { useAddRecentSearchMutation } from './map-api';
import { SERVER_CLUSTER_MAX_ZOOM } from './map-constants';
import { placeSearched, selectionCleared, viewportChanged } from './map-slice';
import type { MapBounds } from './map-types';
import { PropertyPopup } from './popup/property-popup';
import { useSelectedProperty } from './popup/use-selected-property';

/** The view a map of about this size would show: what the list covers without one. */
const VIEW_PX = { width: 1024, height: 768 };

export const KEYLESS_TEXT = {
  banner: 'The map needs a Google Maps key.',
  bannerHow:
    'Set GOOGLE_MAPS_API_KEY (and GOOGLE_MAPS_MAP_ID) in the server’s environment and restart it. Until then, search by place: the list works without the map.',
  placeholder: 'City, ZIP or City, ST',
  placeLabel: 'Search a place',
  failed: 'The place search failed. Try again.',
} as const;

/**
 * Without a map the zoom only chooses between listing every property of the view (bounds pages, up
 * to the page cap) and the server's best of a wide view: a box the bounds search accepts is listed.
 */
function viewOf(bounds: MapBounds, zoom: number) {
  const listable = isSearchableBounds(bounds);
  return { center: boundsCenter(bounds), zoom: listable ? Math.max(zoom, SERVER_CLUSTER_MAX_ZOOM + 1) : zoom, bounds };
}

export interface KeylessSearchProps {
  camera: InitialCamera;
  placeQuery: string;
  filters: SearchFilters;
  /** The place searched, written to the URL (`?place=`). */
  onPlace: (query: string) => void;
  /** The ZIP whose properties the list shows (a ZIP found), or null (a city). */
  onZip: (zip: string | null) => void;
}

/**
 * /app/search without a Maps key: a banner saying how to set one, a place box served by our own
 * geocoding (GET /geocode), and the popup of a chosen row in a dialog. The list is the page's.
 */
export function KeylessSearch({ camera, placeQuery, filters, onPlace, onZip }: KeylessSearchProps) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState(placeQuery);
  // The place asked for, and how many times (the same place asked again goes there again).
  const [asked, setAsked] = useState(() => ({ q: placeQuery, times: placeQuery ? 1 : 0 }));
  // currentData: the answer for this place only (data would keep the last place's after a miss).
  const { currentData, error, isFetching } = useGeocodeQuery(asked.q ? asked.q : skipToken);
  const [addRecentSearch] = useAddRecentSearchMutation();
  const selected = useSelectedProperty();
  const problem = asked.q && error && !isFetching ? errorMessage(error, KEYLESS_TEXT.failed) : null;

  const place = currentData?.places[0];
  useEffect(() => {
    if (!place || asked.times === 0) return;
    const zoom = zoomToFit(place.bounds, VIEW_PX.width, VIEW_PX.height);
    onZip(place.kind === 'zip' ? place.zip : null);
    dispatch(viewportChanged(viewOf(place.bounds, zoom)));
    dispatch(placeSearched({ name: place.label, formattedAddress: place.label, location: place.center }));
    addRecentSearch({
      name: place.label,
      formattedAddress: place.label,
      lat: place.center.lat,
      lng: place.center.lng,
      viewport: place.bounds,
      filters: searchFilterParams(filters),
    })
      .unwrap()
      .catch((e: unknown) => console.error('Recording the recent search failed', e));
    // Once per place asked for: later filter changes do not record it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [place, asked.times, dispatch, addRecentSearch, onZip]);

  // No place in the URL: its camera (a shared link), else the last view of this session.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!placeQuery && camera.fromUrl) {
      dispatch(viewportChanged(viewOf(boundsAround(camera.center, camera.zoom, VIEW_PX.width, VIEW_PX.height), camera.zoom)));
    }
  }, [placeQuery, camera, dispatch]);

  const search = (value: string) => {
    const q = value.trim();
    if (!q) return;
    onPlace(q);
    setAsked((previous) => ({ q, times: previous.times + 1 }));
  };

  const close = useCallback(() => dispatch(selectionCleared()), [dispatch]);

  return (
    <div className="dm-keyless">
      <Alert
        type="info"
        showIcon
        className="dm-keyless-banner"
        data-testid="keyless-banner"
        message={KEYLESS_TEXT.banner}
        description={KEYLESS_TEXT.bannerHow}
      />
      <div className="dm-keyless-search" role="search">
        <Input.Search
          aria-label={KEYLESS_TEXT.placeLabel}
          placeholder={KEYLESS_TEXT.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value, _e, info) => {
            if (info?.source !== 'clear') search(value);
          }}
          loading={isFetching}
          enterButton="Search"
          allowClear
          status={problem ? 'error' : undefined}
        />
        {problem ? (
          <p className="dm-keyless-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <Modal open={!!selected} onCancel={close} footer={null} width={680} destroyOnHidden title={null} closable={false}>
        {selected ? <PropertyPopup property={selected} onClose={close} /> : null}
      </Modal>
    </div>
  );
}
