import { Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cameraFromParams, placeFromParams } from './camera-params';
import { DealMap, MapMessage } from './deal-map';
import { MAP_TEXT } from './map-constants';
import { useMapConfigQuery } from './map-api';
import { selectViewport } from './map-slice';
import { useAppStore } from '../../app/hooks';

/**
 * /app/search: the full-height deal map (docs/map-search.md). The Maps key and map id come from
 * GET /api/v1/config. `?place=<text>` (landing page) searches that place and selects the first
 * suggestion; `?lat=&lng=&zoom=` (dashboard links) centres the map.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const { data: config, isLoading, isError } = useMapConfigQuery();
  const lat = params.get('lat');
  const lng = params.get('lng');
  const zoom = params.get('zoom');
  // Coming back to the page (no lat/lng in the URL) reopens the last viewport of this session: the
  // one the store held when the page opened (later camera moves must not move the camera again).
  const store = useAppStore();
  const [previous] = useState(() => selectViewport(store.getState()));
  const camera = useMemo(() => {
    const fromUrl = cameraFromParams(new URLSearchParams({ lat: lat ?? '', lng: lng ?? '', zoom: zoom ?? '' }));
    if (fromUrl.fromUrl || !previous.bounds) return fromUrl;
    return { center: previous.center, zoom: previous.zoom, fromUrl: false };
  }, [lat, lng, zoom, previous]);
  const placeQuery = placeFromParams(params);

  let content;
  if (isLoading) {
    content = (
      <div className="dm-map-message" role="status">
        <Spin /> <span style={{ marginLeft: 8 }}>{MAP_TEXT.loading}</span>
      </div>
    );
  } else if (isError || !config) {
    content = <MapMessage testId="map-error">{MAP_TEXT.configFailed}</MapMessage>;
  } else if (!config.googleMapsApiKey) {
    content = <MapMessage testId="map-error">{MAP_TEXT.notConfigured}</MapMessage>;
  } else {
    content = <DealMap apiKey={config.googleMapsApiKey} mapId={config.googleMapsMapId} camera={camera} placeQuery={placeQuery} />;
  }

  return (
    <div className="dm-map-page">
      <h2 className="dm-visually-hidden">Search</h2>
      {content}
    </div>
  );
}

export default SearchPage;
