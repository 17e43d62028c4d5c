import { initialize } from '@googlemaps/jest-mocks';
import { MarkerClusterer } from '@googlemaps/markerclusterer';
import { CLUSTER_SMALL, CLUSTER_LARGE } from '../../src/client/features/map/markers/cluster-rules';
import type { MapProperty } from '../../src/client/features/map/map-types';
import { MarkerLayerController, createClusterRenderer } from '../../src/client/features/map/markers/marker-layer';
import { CountedCluster, PointsAlgorithm } from '../../src/client/features/map/markers/points-algorithm';
import { shouldFetchSuggestions, toPlaceOptions } from '../../src/client/features/map/toolbar/place-search';
import { RECENT_CUT_DAYS, RECENT_CUT_GLYPH } from '../../src/shared/listing-history';
import { makeSummary } from './fixtures';

const GREEN = { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' };
const RED = { background: '#ef4444', borderColor: '#b91c1c', glyphColor: '#ffffff' };

function prop(id: string, lat: number, lng: number, markerColor = GREEN): MapProperty {
  return makeSummary({
    _id: id,
    LatestListingPrice: 1,
    PropertyAddressFull: `${id.toUpperCase()} MAIN ST`,
    PropertyAddressCity: 'AUSTIN',
    PropertyAddressState: 'tx',
    PropertyAddressZIP: '78701',
    location: { type: 'Point', coordinates: [lng, lat] },
    markerColor,
  });
}

const entities = (list: MapProperty[]) => Object.fromEntries(list.map((p) => [p._id, p]));
const VIEW = { ne: { lat: 1, lng: 1 }, sw: { lat: 0, lng: 0 } };

let defined = 0;
/** The jest-mocks marker classes ignore their options; these keep them, like the real ones. */
function markerLibrary(): google.maps.MarkerLibrary {
  const Base = google.maps.marker.AdvancedMarkerElement as unknown as { new (o?: object): HTMLElement };
  const PinBase = google.maps.marker.PinElement as unknown as { new (o?: object): HTMLElement };
  class Marker extends Base {
    constructor(options: object = {}) {
      super(options);
      Object.assign(this, options);
    }
  }
  class Pin extends PinBase {
    constructor(options: object = {}) {
      super(options);
      Object.assign(this, options);
    }
  }
  defined += 1;
  customElements.define(`test-marker-${defined}`, Marker);
  customElements.define(`test-pin-${defined}`, Pin);
  return { AdvancedMarkerElement: Marker, PinElement: Pin } as unknown as google.maps.MarkerLibrary;
}

describe('marker layer', () => {
  beforeEach(() => {
    initialize();
    // MarkerClusterer copies OverlayView's prototype; the mock defines these per instance only.
    Object.assign(google.maps.OverlayView.prototype, {
      setMap: jest.fn(),
      getMap: jest.fn(() => null),
      getPanes: jest.fn(),
      getProjection: jest.fn(),
    });
  });

  function setup() {
    const map = new google.maps.Map(document.createElement('div'));
    const onSelect = jest.fn();
    const render = jest.spyOn(MarkerClusterer.prototype, 'render').mockImplementation(() => undefined);
    const controller = new MarkerLayerController(map, markerLibrary(), onSelect);
    return { controller, onSelect, render, map };
  }

  afterEach(() => jest.restoreAllMocks());

  /** Three properties a few metres apart near (0.2, 0.2), two far from them and each other, one outside the view. */
  const LIST = [
    prop('a', 0.5, 0.5),
    prop('b', 0.9, 0.9, RED),
    prop('c', 0.2, 0.2),
    prop('d', 0.2001, 0.2001, RED),
    prop('e', 0.2002, 0.2),
    prop('far', 5, 5),
  ];

  it('clusters plain points: only what is in view is drawn, lone properties as markers, groups as counted clusters', () => {
    const built: string[] = [];
    const algorithm = new PointsAlgorithm((p) => {
      built.push(p._id);
      return { id: p._id } as never;
    });
    expect(algorithm.setProperties(entities(LIST))).toBe(true);
    const known = entities(LIST);
    expect(algorithm.setProperties(known)).toBe(true);
    expect(algorithm.setProperties(known)).toBe(false);

    const close = algorithm.clustersIn(VIEW, 17);
    expect(close.every((c) => !(c instanceof CountedCluster))).toBe(true);
    expect(built.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);

    built.length = 0;
    const wide = algorithm.clustersIn(VIEW, 10);
    const groups = wide.filter((c): c is CountedCluster => c instanceof CountedCluster);
    expect(groups).toHaveLength(1);
    expect(groups[0].count).toBe(3);
    expect(groups[0].dealMix).toEqual({ total: 3, good: 2, market: 0, over: 1 });
    expect(built.sort()).toEqual(['a', 'b']);
  });

  it('builds a marker once per property, titled with the formatted address; a click selects it', () => {
    const { controller, onSelect } = setup();
    const a = prop('a', 0.5, 0.5);
    const marker = controller.markerFor(a)!;
    expect(controller.markerFor(a)).toBe(marker);
    expect(marker.title).toBe('A Main St, Austin, TX 78701');
    marker.dispatchEvent(new Event('gmp-click'));
    expect(onSelect).toHaveBeenCalledWith('a');
    expect(controller.counts.built).toBe(1);
  });

  it('marks a recent price cut with a glyph in the same colours and says it in the title; an older cut, none', () => {
    const { controller } = setup();
    const pinOf = (m: google.maps.marker.AdvancedMarkerElement) =>
      m.content as HTMLElement & { background?: string; glyph?: string; glyphText?: string };
    const glyphOf = (m: google.maps.marker.AdvancedMarkerElement) => pinOf(m).glyphText ?? pinOf(m).glyph;
    const cut = { ...prop('a', 0.5, 0.5), PriceCutPercent: 5, PriceChangeDays: 3 };
    const marker = controller.markerFor(cut)!;
    expect(marker.title).toBe('A Main St, Austin, TX 78701 — price cut 5% 3 days ago');
    expect(glyphOf(marker)).toBe(RECENT_CUT_GLYPH);
    expect(pinOf(marker).background).toBe(GREEN.background);

    const old = { ...prop('b', 0.9, 0.9, RED), PriceCutPercent: 8, PriceChangeDays: RECENT_CUT_DAYS + 1 };
    const plain = controller.markerFor(old)!;
    expect(plain.title).toBe('B Main St, Austin, TX 78701');
    expect(glyphOf(plain)).toBeUndefined();

    // A newer copy of the property: a cut that ages past the window loses its glyph; a new cut gains one.
    controller.sync(
      entities([
        { ...cut, PriceChangeDays: RECENT_CUT_DAYS + 1 },
        { ...old, PriceChangeDays: 0 },
      ]),
    );
    expect(glyphOf(controller.markerFor({ ...cut, PriceChangeDays: RECENT_CUT_DAYS + 1 })!)).toBeUndefined();
    expect(marker.title).toBe('A Main St, Austin, TX 78701');
    expect(glyphOf(plain)).toBe(RECENT_CUT_GLYPH);
    expect(plain.title).toBe('B Main St, Austin, TX 78701 — price cut 8% today');
  });

  it('re-indexes and redraws when the known properties change, forgetting the markers of dropped ones', () => {
    const { controller, render } = setup();
    controller.sync(entities(LIST));
    expect(render).toHaveBeenCalledTimes(1);
    controller.markerFor(LIST[0]);
    controller.markerFor(LIST[1]);
    const known = entities(LIST.slice(1));
    controller.sync(known);
    expect(render).toHaveBeenCalledTimes(2);
    expect(controller.counts.built).toBe(1);
    controller.sync(known);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('draws the server cells of a wide view as counted clusters; a click fits the map to the cell', () => {
    const cell = {
      key: '8/60/105',
      count: 1234,
      center: { lat: 30.3, lng: -97.7 },
      bounds: { ne: { lat: 30.5, lng: -97.5 }, sw: { lat: 30.1, lng: -97.9 } },
      good: 200,
      market: 900,
      over: 134,
      minPrice: 90_000,
      maxPrice: 2_000_000,
    };
    const algorithm = new PointsAlgorithm(() => null);
    algorithm.setServerCells([cell]);
    const map = new google.maps.Map(document.createElement('div'));
    const { clusters } = algorithm.calculate({ map, markers: [], mapCanvasProjection: {} as never });
    expect(clusters).toHaveLength(1);
    const drawn = clusters[0] as CountedCluster;
    expect(drawn.count).toBe(1234);
    expect(drawn.dealMix).toEqual({ total: 1234, good: 200, market: 900, over: 134 });
    const fitBounds = jest.spyOn(map, 'fitBounds');
    drawn.zoomTo(map);
    expect(fitBounds).toHaveBeenCalledWith({ north: 30.5, south: 30.1, east: -97.5, west: -97.9 });
  });

  it('renders clusters red or blue with the deal mix as their title', () => {
    const backgrounds = new Map<object, string>();
    const markers = [GREEN, GREEN, RED].map((c) => {
      const m = { c };
      backgrounds.set(m, c.background);
      return m;
    });
    const renderer = createClusterRenderer(markerLibrary(), (m) => backgrounds.get(m as object));
    const cluster = { count: 3, markers, position: { lat: 0, lng: 0 } } as never;
    const small = renderer.render(
      cluster,
      { clusters: { markers: { mean: 2 } } } as never,
      {} as never,
    ) as google.maps.marker.AdvancedMarkerElement;
    const content = small.content as HTMLElement;
    expect(content.dataset.color).toBe(CLUSTER_SMALL);
    expect(content.title).toBe('3 properties: 2 good deals, 0 at market, 1 overpriced');
    const bigMarkers = Array.from({ length: 12 }, () => markers[0]);
    const big = renderer.render(
      { count: 12, markers: bigMarkers, position: { lat: 0, lng: 0 } } as never,
      { clusters: { markers: { mean: 4 } } } as never,
      {} as never,
    ) as google.maps.marker.AdvancedMarkerElement;
    expect((big.content as HTMLElement).dataset.color).toBe(CLUSTER_LARGE);
  });
});

describe('place suggestions', () => {
  it('are skipped for empty input or the selected place name', () => {
    expect(shouldFetchSuggestions('', null)).toBe(false);
    expect(shouldFetchSuggestions('   ', 'Austin')).toBe(false);
    expect(shouldFetchSuggestions('Austin', 'Austin')).toBe(false);
    expect(shouldFetchSuggestions('Austin, TX', 'Austin')).toBe(true);
    expect(shouldFetchSuggestions('Aus', null)).toBe(true);
  });

  it('become options {key, label, secondaryText, data}', () => {
    const prediction = {
      placeId: 'pid',
      mainText: { text: 'Austin' },
      secondaryText: { text: 'TX, USA' },
      text: { text: 'Austin, TX, USA' },
    };
    const options = toPlaceOptions([{ placePrediction: prediction }, { placePrediction: null }] as never);
    expect(options).toEqual([{ key: 'pid', label: 'Austin', secondaryText: 'TX, USA', data: prediction }]);
  });
});
