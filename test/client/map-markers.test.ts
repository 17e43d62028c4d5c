import { initialize } from '@googlemaps/jest-mocks';
import { MarkerClusterer } from '@googlemaps/markerclusterer';
import { CLUSTER_BLUE, CLUSTER_RED } from '../../src/client/features/map/cluster-rules';
import type { MapProperty } from '../../src/client/features/map/map-types';
import { MarkerLayerController, createClusterRenderer } from '../../src/client/features/map/marker-layer';
import { shouldFetchSuggestions, toPlaceOptions } from '../../src/client/features/map/place-search';
import { makeProperty } from './fixtures';

const GREEN = { background: '#10b981', borderColor: '#047857', glyphColor: '#ffffff' };
const RED = { background: '#ef4444', borderColor: '#b91c1c', glyphColor: '#ffffff' };

function prop(id: string, lat: number, lng: number, markerColor = GREEN): MapProperty {
  return makeProperty({
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
    const add = jest.spyOn(MarkerClusterer.prototype, 'addMarkers');
    const remove = jest.spyOn(MarkerClusterer.prototype, 'removeMarkers');
    const render = jest.spyOn(MarkerClusterer.prototype, 'render').mockImplementation(() => undefined);
    const controller = new MarkerLayerController(map, markerLibrary(), onSelect);
    return { controller, onSelect, add, remove, render };
  }

  afterEach(() => jest.restoreAllMocks());

  it('creates markers only for properties in the viewport plus the margin, titled with the formatted address', () => {
    const { controller, add, render } = setup();
    const list = [prop('a', 0.5, 0.5), prop('b', 0.9, 0.9), prop('far', 5, 5)];
    expect(controller.sync(entities(list), VIEW)).toEqual({ added: 2, removed: 0 });
    expect(controller.shownIds().sort()).toEqual(['a', 'b']);
    expect(controller.markerFor('a')!.title).toBe('A Main St, Austin, TX 78701');
    expect(add).toHaveBeenCalledTimes(1);
    expect(add.mock.calls[0][1]).toBe(true);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('adds and removes by key in bulk and reuses marker elements by id', () => {
    const { controller, add, remove, render } = setup();
    const list = [prop('a', 0.5, 0.5), prop('b', 0.9, 0.9), prop('c', 3, 3)];
    controller.sync(entities(list), VIEW);
    const markerA = controller.markerFor('a');
    add.mockClear();
    render.mockClear();

    // Pan so that only c is in view: a and b go, c comes, in one removeMarkers + one addMarkers + one render.
    const moved = { ne: { lat: 3.5, lng: 3.5 }, sw: { lat: 2.5, lng: 2.5 } };
    expect(controller.sync(entities(list), moved)).toEqual({ added: 1, removed: 2 });
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove.mock.calls[0][0]).toHaveLength(2);
    expect(remove.mock.calls[0][1]).toBe(true);
    expect(add).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledTimes(1);

    // Nothing changed: no clusterer work at all.
    add.mockClear();
    remove.mockClear();
    render.mockClear();
    expect(controller.sync(entities(list), moved)).toEqual({ added: 0, removed: 0 });
    expect(add).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    expect(render).not.toHaveBeenCalled();

    // Back: a's marker element is the same object.
    controller.sync(entities(list), VIEW);
    expect(controller.markerFor('a')).toBe(markerA);
    expect(controller.counts).toEqual({ shown: 2, built: 3 });
  });

  it('selects the property when its marker is clicked', () => {
    const { controller, onSelect } = setup();
    controller.sync(entities([prop('a', 0.5, 0.5)]), VIEW);
    const marker = controller.markerFor('a')!;
    marker.dispatchEvent(new Event('gmp-click'));
    expect(onSelect).toHaveBeenCalledWith('a');
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
    expect(content.dataset.color).toBe(CLUSTER_BLUE);
    expect(content.title).toBe('3 properties: 2 good deals, 0 at market, 1 overpriced');
    const bigMarkers = Array.from({ length: 12 }, () => markers[0]);
    const big = renderer.render(
      { count: 12, markers: bigMarkers, position: { lat: 0, lng: 0 } } as never,
      { clusters: { markers: { mean: 4 } } } as never,
      {} as never,
    ) as google.maps.marker.AdvancedMarkerElement;
    expect((big.content as HTMLElement).dataset.color).toBe(CLUSTER_RED);
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
