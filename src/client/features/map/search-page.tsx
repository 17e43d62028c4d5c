import { skipToken } from '@reduxjs/toolkit/query';
import { Button, Grid, Spin } from 'antd';
import { useDocumentTitle } from '../../components/document-title';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useAppStore } from '../../app/hooks';
import { cameraFromParams, placeFromParams } from './camera-params';
import { DealMap } from './deal-map';
import { MapMessage } from './map-error-screens';
import { KeylessSearch } from './keyless-search';
import { MAP_TEXT } from './map-constants';
import { useMapConfigQuery } from './map-api';
import { propertiesMerged, propertySelected, selectPlaceInView, selectSelectedId, selectViewport } from './map-slice';
import { SearchToolbar } from './toolbar/search-toolbar';
import { SearchPanel } from './search-panel';
import { DEFAULT_SETTINGS, settingsFromParams, withCamera, withSettings, type SearchSettings } from './toolbar/search-settings';
import { useBoundsSearch } from './use-bounds-search';
import { useReturnsMap } from './returns/use-returns-map';
import { PRICING_TEXT, usePricingRefresh } from './pricing-refresh';
import { useViewList } from './list/use-view-list';
import { useHoverPrefetch } from './markers/use-hover-prefetch';
import { AreaTrendsButton } from '../markets';
import { usePipelineQuery } from '../pipeline';
import { SaveSearchButton } from '../saved-searches';
import { dealsInView } from '../../../shared/pipeline';
import { selectUser } from '../session';
import './search-page.css';

/** The history state of a URL the map's own camera wrote. */
interface CameraState {
  mapCamera: true;
}

/**
 * The search settings (filters, sort) in the URL: a change is a new history entry (Back restores
 * the one before); the settled camera replaces the current entry's lat/lng/zoom.
 */
function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  // Each write starts from the URL this page last wrote, not from the last render's: react-router's
  // setter hands an updater the params of the last render, so two writes between renders (a click
  // while the map's camera settles) had the second undo the first. `pending`: the writes not yet
  // rendered, oldest first; while one is on its way, an earlier one arriving does not make the URL older.
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const at = pending.current.indexOf(params.toString());
    if (at >= 0) {
      pending.current = pending.current.slice(at + 1);
      if (pending.current.length > 0) return;
    } else pending.current = [];
    latest.current = params;
  }, [params]);
  const write = useCallback(
    (change: (prev: URLSearchParams) => URLSearchParams, options?: { replace: true; state: CameraState }) => {
      const next = change(latest.current);
      // Only a real change navigates (each navigation re-runs the page).
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      pending.current.push(next.toString());
      setParams(next, options);
    },
    [setParams],
  );
  // One object per distinct settings, not per URL change (the camera rewrites the URL as it moves).
  const key = withSettings(new URLSearchParams(), settingsFromParams(params)).toString();
  const settings = useMemo(() => settingsFromParams(new URLSearchParams(key)), [key]);
  const setSettings = useCallback((next: SearchSettings) => write((prev) => withSettings(prev, next)), [write]);
  const setCamera = useCallback(
    (center: { lat: number; lng: number }, zoom: number) =>
      write((prev) => withCamera(prev, center, zoom), { replace: true, state: { mapCamera: true } }),
    [write],
  );
  /** The open popup's property, in the URL (`property=<id>`) so a link reopens it; the entry is replaced. */
  const setLinkedProperty = useCallback(
    (id: string | null) =>
      write(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(PROPERTY_PARAM, id);
          else next.delete(PROPERTY_PARAM);
          return next;
        },
        { replace: true, state: { mapCamera: true } },
      ),
    [write],
  );
  const setPlace = useCallback(
    (place: string) =>
      write((prev) => {
        const next = new URLSearchParams(prev);
        for (const name of ['place', 'lat', 'lng', 'zoom']) next.delete(name);
        if (place) next.set('place', place);
        return next;
      }),
    [write],
  );
  return { params, settings, setSettings, setCamera, setPlace, setLinkedProperty };
}

/** The URL parameter of the property whose popup is open. */
export const PROPERTY_PARAM = 'property';

/**
 * The popup and the URL agree: a link's `property=<id>` opens that property's popup once, as the
 * page opens; then each selection (or none) is written into the URL.
 */
function useLinkedProperty(params: URLSearchParams, setLinkedProperty: (id: string | null) => void) {
  const dispatch = useAppDispatch();
  const selectedId = useAppSelector(selectSelectedId);
  const [linked] = useState(() => params.get(PROPERTY_PARAM));
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      if (linked) {
        dispatch(propertySelected(linked));
        return;
      }
    }
    if ((params.get(PROPERTY_PARAM) ?? null) !== selectedId) setLinkedProperty(selectedId);
  }, [selectedId, linked, params, dispatch, setLinkedProperty]);
}

/** A ZIP found without a map narrows the list to it; with a map the view is what it shows. */
const keylessZip = (config: { googleMapsApiKey: string | null } | undefined, zip: string | null) =>
  config && !config.googleMapsApiKey ? zip : null;

/**
 * /app/search (docs/map-search.md): the filters and sort above; the deal map with the list of what
 * is in view beside it (a bottom sheet on a phone); without a Maps key, the list alone with our own
 * place search. The Maps key and map id come from GET /api/v1/config. `?place=<text>` (landing page)
 * searches that place; `?lat=&lng=&zoom=` centres the map; the filters and sort are in the URL too.
 */
export function SearchPage() {
  useDocumentTitle('Search');
  const { params, settings, setSettings, setCamera, setPlace, setLinkedProperty } = useSearchUrl();
  useLinkedProperty(params, setLinkedProperty);
  const { data: config, isLoading, isError } = useMapConfigQuery();
  const [controlsSlot, setControlsSlot] = useState<HTMLDivElement | null>(null);
  const dispatch = useAppDispatch();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const [sheetOpen, setSheetOpen] = useState(false);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const prefetchOnHover = useHoverPrefetch();
  const onRowHover = useCallback(
    (id: string | null) => {
      setHighlightedId(id);
      prefetchOnHover(id);
    },
    [prefetchOnHover],
  );
  const selectedId = useAppSelector(selectSelectedId);
  const viewport = useAppSelector(selectViewport);
  const signedIn = useAppSelector(selectUser) !== null;
  const placeInView = useAppSelector(selectPlaceInView);
  // What a saved search restores: the filters and sort as this page's URL writes them.
  // The heat map is the page's view of the search, not part of it: a saved search leaves it out.
  const savedQuery = useMemo(
    () => Object.fromEntries(withSettings(new URLSearchParams(), { ...settings, returns: false, pipeline: false })),
    [settings],
  );

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
  // The map follows the URL's camera when someone else wrote it (a link, Back), never when it is
  // the map's own settled camera: that write can land after the map has moved on, and following it
  // would move the map back.
  const location = useLocation();
  const navigationType = useNavigationType();
  const ownCamera = (location.state as CameraState | null)?.mapCamera === true && navigationType !== NavigationType.Pop;
  const [followed, setFollowed] = useState(camera);
  if (!ownCamera && followed !== camera) setFollowed(camera);
  const placeQuery = placeFromParams(params);

  const pricing = usePricingRefresh();
  useBoundsSearch(settings.filters, pricing.key);
  const [zip, setZip] = useState<string | null>(null);
  const list = useViewList(settings, keylessZip(config, zip));
  const returns = useReturnsMap(settings.filters, settings.returns === true);
  const returnsOn = settings.returns === true ? returns : null;
  const keyless = !!config && !config.googleMapsApiKey;
  const pipelineOn = signedIn && settings.pipeline === true && !settings.returns;
  const pipelineQuery = usePipelineQuery(pipelineOn ? undefined : skipToken);

  // The settled camera goes into the URL (shareable; Back returns to it). Not without a map: there
  // the place is the URL's.
  const hasMap = !!config?.googleMapsApiKey;
  useEffect(() => {
    if (hasMap && viewport.bounds) setCamera(viewport.center, viewport.zoom);
  }, [hasMap, viewport, setCamera]);

  const onChoose = useCallback(
    (id: string) => {
      // A wide view's rows come from the server's top list, not from the known properties.
      const row = list.rows.find((p) => p._id === id);
      if (row && list.mode === 'top') dispatch(propertiesMerged([row]));
      dispatch(propertySelected(id));
      if (phone && hasMap) setSheetOpen(false);
    },
    [dispatch, list.rows, list.mode, phone, hasMap],
  );
  // Reset clears the filters and sort; the heat map and the pipeline layer stay as they are.
  const onReset = useCallback(
    () => setSettings({ ...DEFAULT_SETTINGS, returns: settings.returns, pipeline: settings.pipeline }),
    [setSettings, settings.returns, settings.pipeline],
  );
  const onChooseDeal = useCallback(
    (propertyId: string) => {
      dispatch(propertySelected(propertyId));
      if (phone && hasMap) setSheetOpen(false);
    },
    [dispatch, phone, hasMap],
  );
  const pipelineDeals = useMemo(
    () => (pipelineOn ? dealsInView(pipelineQuery.data ?? [], hasMap ? viewport.bounds : null) : null),
    [pipelineOn, pipelineQuery.data, hasMap, viewport.bounds],
  );
  const pipelineMarkers = useMemo(
    () => (pipelineOn ? { deals: pipelineQuery.data ?? [], onSelect: onChooseDeal } : null),
    [pipelineOn, pipelineQuery.data, onChooseDeal],
  );

  let main;
  if (isLoading) {
    main = (
      <div className="dm-map-message" role="status">
        <Spin /> <span style={{ marginLeft: 8 }}>{MAP_TEXT.loading}</span>
      </div>
    );
  } else if (isError || !config) {
    main = <MapMessage testId="map-error">{MAP_TEXT.configFailed}</MapMessage>;
  } else if (config.googleMapsApiKey) {
    main = (
      <DealMap
        apiKey={config.googleMapsApiKey}
        mapId={config.googleMapsMapId}
        channel={config.googleMapsChannel}
        controlsSlot={controlsSlot}
        camera={followed}
        placeQuery={placeQuery}
        filters={settings.filters}
        highlightedId={highlightedId}
        onMarkerHover={prefetchOnHover}
        returns={returnsOn}
        pipeline={pipelineMarkers}
      />
    );
  }
  const ready = !!config && !isError;

  return (
    <div className={`dm-map-page dm-search-page${keyless ? ' dm-search-keyless' : ''}`}>
      <h2 className="dm-visually-hidden">Search</h2>
      {keyless ? (
        <KeylessSearch camera={camera} placeQuery={placeQuery} filters={settings.filters} onPlace={setPlace} onZip={setZip} />
      ) : null}
      {ready ? (
        <SearchToolbar
          value={settings}
          onChange={setSettings}
          matching={pipelineDeals ? pipelineDeals.length : list.matching}
          total={pipelineDeals ? pipelineDeals.length : list.total}
          onReset={onReset}
          actions={
            signedIn ? (
              <>
                <SaveSearchButton
                  bounds={viewport.bounds}
                  place={placeInView}
                  query={savedQuery}
                  size={phone ? 'small' : 'middle'}
                />
                <AreaTrendsButton bounds={viewport.bounds} size={phone ? 'small' : 'middle'} />
                <Button
                  aria-pressed={pipelineOn}
                  title={MAP_TEXT.pipelineHint}
                  type={pipelineOn ? 'primary' : 'default'}
                  size={phone ? 'small' : 'middle'}
                  onClick={() => setSettings({ ...settings, pipeline: !pipelineOn, returns: false })}
                  data-testid="pipeline-toggle"
                >
                  {MAP_TEXT.pipelineToggle}
                </Button>
              </>
            ) : null
          }
        />
      ) : null}
      {pricing.repricing !== undefined ? (
        <p className="dm-reprice-note" role="status" data-testid="reprice-note">
          {PRICING_TEXT.repricing(pricing.repricing)}
        </p>
      ) : null}
      <div className={`dm-search-body${phone && hasMap ? ' dm-search-body-sheet' : ''}`}>
        {/* The page's order is the screen's: search box and legend (over the map), the list, then the map's markers. */}
        {main ? <div className="dm-map-controls" ref={setControlsSlot} /> : null}
        {ready ? (
          <SearchPanel
            list={list}
            returns={returnsOn}
            pipeline={
              pipelineDeals
                ? { deals: pipelineDeals, loading: pipelineQuery.isLoading, failed: pipelineQuery.isError && !pipelineQuery.data }
                : null
            }
            strategy={settings.filters.strategy}
            selectedId={selectedId}
            highlightedId={highlightedId}
            onHover={onRowHover}
            onChoose={onChoose}
            sheet={phone && hasMap}
            sheetOpen={sheetOpen}
            onSheetOpen={setSheetOpen}
          />
        ) : null}
        {main ? <div className="dm-search-map">{main}</div> : null}
      </div>
    </div>
  );
}

export default SearchPage;
