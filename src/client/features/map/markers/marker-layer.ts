/**
 * The property markers, kept imperatively for speed (docs/map-search.md, "At scale"):
 *
 * - A MarkerClusterer draws what PointsAlgorithm computes: the clusters and lone properties inside
 *   the viewport (plus a margin), from a supercluster index of plain points — or, in wide views, the
 *   server's grid cells. No marker exists for a property that is not drawn on its own.
 * - A lone property's AdvancedMarkerElement (a PinElement in its markerColor, its formatted address
 *   as title, zIndex by search order, gmp-click selects it, hovering or focusing it is reported) is
 *   built the first time it is drawn and reused by id; markers of properties the map no longer knows
 *   are dropped. A recent price cut (hasRecentCut) puts RECENT_CUT_GLYPH in the pin in place of its
 *   dot, in the same colours, and adds the cut to the title: one option of the pin, no element more.
 * - Cluster circles: dark indigo above max(10, mean count), else blue (never a deal colour), with the count and the deal mix as
 *   title and accessible name; a click zooms to the cluster (its expansion zoom, or the cell's extent).
 */
import {
  MarkerClusterer,
  MarkerClustererEvents,
  type Cluster,
  type ClusterStats,
  type Renderer,
} from '@googlemaps/markerclusterer';
import { markerColorFor, type MarkerColor } from '../../../../shared/deal-status';
import { formatAddress } from '../../../../shared/format';
import { hasRecentCut, markerTitle, RECENT_CUT_GLYPH } from '../../../../shared/listing-history';
import type { PropertyCluster } from '../../../../shared/schemas/property-search';
import { clusterColor, clusterDiameter, dealMixFromBackgrounds, dealMixText } from './cluster-rules';
import type { MapProperty } from '../map-types';
import { propertyLatLng } from './marker-diff';
import { CountedCluster, PointsAlgorithm } from './points-algorithm';

type MarkerLibrary = google.maps.MarkerLibrary;

/** Built markers kept for reuse beyond those on the map; past it, the ones off the map are dropped. */
const MARKER_CACHE_LIMIT = 5_000;
type AdvancedMarker = google.maps.marker.AdvancedMarkerElement;
/** Above every property marker and cluster: the highlighted one is never hidden under another. */
const HIGHLIGHT_Z_INDEX = 2_000_000_000;

/**
 * Performance entries (DevTools' Performance panel, `npm run bench -- map`): each clusterer render
 * (re-cluster the view and redraw its markers) and each re-index of the known properties.
 */
export const RENDER_MEASURE = 'dealmap:cluster-render';
export const INDEX_MEASURE = 'dealmap:cluster-index';

/** Records a performance measure from `start` to now (where the User Timing API exists: not in jsdom). */
function measureSince(name: string, start: number): void {
  if (typeof performance.measure === 'function') performance.measure(name, { start, end: performance.now() });
}

interface Entry {
  marker: AdvancedMarker;
  /** The property object the marker was last drawn from (entity references change on upsert). */
  property: MapProperty;
  color: MarkerColor;
  /** Whether the pin carries the recent-cut glyph. */
  cut: boolean;
}

const DEFAULT_COLOR = markerColorFor('Market Price');

function colorOf(p: MapProperty): MarkerColor {
  const c = p.markerColor;
  return c && c.background
    ? { background: c.background, borderColor: c.borderColor || c.background, glyphColor: c.glyphColor || '#ffffff' }
    : DEFAULT_COLOR;
}

const sameColor = (a: MarkerColor, b: MarkerColor) =>
  a.background === b.background && a.borderColor === b.borderColor && a.glyphColor === b.glyphColor;

/** The cluster circle: dark indigo above max(10, mean), else blue; its title tells the deal mix. */
export function createClusterRenderer(markerLib: MarkerLibrary, backgroundOf: (marker: unknown) => string | undefined): Renderer {
  return {
    render(cluster: Cluster, stats: ClusterStats) {
      const count = cluster.count;
      const color = clusterColor(count, stats.clusters.markers.mean);
      const mix = cluster instanceof CountedCluster ? cluster.dealMix : dealMixFromBackgrounds(cluster.markers.map(backgroundOf));
      const title = dealMixText(mix);
      const size = clusterDiameter(count);
      const el = document.createElement('div');
      el.className = 'dm-cluster';
      el.style.width = `${size}px`;
      el.style.height = `${size}px`;
      el.style.background = color;
      el.dataset.color = color;
      el.dataset.count = String(count);
      el.textContent = count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count);
      el.title = title;
      el.setAttribute('aria-label', title);
      return new markerLib.AdvancedMarkerElement({
        position: cluster.position,
        content: el,
        title,
        zIndex: 1_000_000 + count,
        gmpClickable: true,
      });
    },
  };
}

export class MarkerLayerController {
  readonly clusterer: MarkerClusterer;
  private readonly algorithm: PointsAlgorithm;
  /** Every marker built so far, by property id (reused when the property is drawn again). */
  private readonly cache = new Map<string, Entry>();
  private readonly backgrounds = new WeakMap<object, string>();
  private destroyed = false;
  private highlighted: string | null = null;

  constructor(
    private readonly map: google.maps.Map,
    private readonly markerLib: MarkerLibrary,
    private readonly onSelect: (id: string) => void,
    /** The property whose marker the pointer (or the keyboard's focus) is on, or null when it leaves. */
    private readonly onHover: (id: string | null) => void = () => {},
  ) {
    this.algorithm = new PointsAlgorithm((property) => this.markerFor(property));
    this.clusterer = new MarkerClusterer({
      map,
      algorithm: this.algorithm,
      renderer: createClusterRenderer(markerLib, (m) => this.backgrounds.get(m as object)),
      onClusterClick: (_event, cluster, clusterMap) => {
        if (cluster instanceof CountedCluster) cluster.zoomTo(clusterMap);
      },
    });
    let renderStart = 0;
    google.maps.event.addListener(this.clusterer, MarkerClustererEvents.CLUSTERING_BEGIN, () => {
      renderStart = performance.now();
    });
    google.maps.event.addListener(this.clusterer, MarkerClustererEvents.CLUSTERING_END, () => {
      measureSince(RENDER_MEASURE, renderStart);
    });
  }

  /** Markers built (cached) and drawn on their own right now. */
  get counts() {
    return { shown: this.shownIds().length, built: this.cache.size };
  }

  /** Ids of the properties drawn on their own (not inside a cluster). */
  shownIds(): string[] {
    const ids: string[] = [];
    for (const [id, entry] of this.cache) if (entry.marker.map) ids.push(id);
    return ids;
  }

  /** The marker of a known property, built on first use (null without a usable location). */
  markerFor(property: MapProperty): AdvancedMarker | null {
    const cached = this.cache.get(property._id);
    if (cached) {
      if (cached.property !== property) this.refresh(cached, property);
      return cached.marker;
    }
    const position = propertyLatLng(property);
    if (!position) return null;
    const color = colorOf(property);
    const cut = hasRecentCut(property);
    const marker = new this.markerLib.AdvancedMarkerElement({
      position,
      title: markerTitle(formatAddress(property), property),
      zIndex: property.zIndex ?? null,
      gmpClickable: true,
      content: this.pin(color, cut),
    });
    const id = property._id;
    marker.addEventListener('gmp-click', () => this.onSelect(id));
    const enter = () => this.onHover(id);
    const leave = () => this.onHover(null);
    marker.addEventListener('pointerenter', enter);
    marker.addEventListener('pointerleave', leave);
    marker.addEventListener('focus', enter);
    marker.addEventListener('blur', leave);
    this.backgrounds.set(marker, color.background);
    const entry = { marker, property, color, cut };
    this.cache.set(id, entry);
    if (id === this.highlighted) this.styleHighlight(entry, true);
    return marker;
  }

  /** The known properties changed: re-index them, drop the markers of forgotten ones, redraw. */
  sync(entities: Record<string, MapProperty | undefined>): void {
    if (this.destroyed) return;
    const start = performance.now();
    if (!this.algorithm.setProperties(entities)) return;
    measureSince(INDEX_MEASURE, start);
    for (const [id, entry] of this.cache) {
      const property = entities[id];
      if (!property) {
        entry.marker.map = null;
        this.cache.delete(id);
      } else if (property !== entry.property) this.refresh(entry, property);
    }
    if (this.cache.size > MARKER_CACHE_LIMIT) {
      for (const [id, entry] of this.cache) if (!entry.marker.map) this.cache.delete(id);
    }
    if (!this.algorithm.showsServerCells) this.clusterer.render();
  }

  /** Wide views: draw the server's grid cells (null: back to the known properties). */
  showServerCells(cells: PropertyCluster[] | null): void {
    if (this.destroyed) return;
    this.algorithm.setServerCells(cells);
    this.clusterer.render();
  }

  /** Makes this property's marker stand out (the list's row under the pointer); null: none. */
  highlight(id: string | null): void {
    if (this.highlighted === id) return;
    const previous = this.highlighted ? this.cache.get(this.highlighted) : undefined;
    if (previous) this.styleHighlight(previous, false);
    this.highlighted = id;
    const entry = id ? this.cache.get(id) : undefined;
    if (entry) this.styleHighlight(entry, true);
  }

  private styleHighlight(entry: Entry, on: boolean): void {
    const content = entry.marker.content;
    if (content instanceof HTMLElement) content.classList.toggle('dm-pin-highlighted', on);
    entry.marker.zIndex = on ? HIGHLIGHT_Z_INDEX : (entry.property.zIndex ?? null);
  }

  destroy(): void {
    this.destroyed = true;
    google.maps.event.clearInstanceListeners(this.clusterer);
    this.clusterer.clearMarkers(true);
    this.clusterer.setMap(null);
    for (const entry of this.cache.values()) entry.marker.map = null;
    this.cache.clear();
  }

  /** Updates a marker from a newer copy of its property. */
  private refresh(entry: Entry, property: MapProperty): void {
    entry.property = property;
    entry.marker.title = markerTitle(formatAddress(property), property);
    const position = propertyLatLng(property);
    if (position) entry.marker.position = position;
    const color = colorOf(property);
    const cut = hasRecentCut(property);
    if (!sameColor(color, entry.color) || cut !== entry.cut) {
      entry.color = color;
      entry.cut = cut;
      this.backgrounds.set(entry.marker, color.background);
      entry.marker.content = this.pin(color, cut);
      if (property._id === this.highlighted) this.styleHighlight(entry, true);
    }
  }

  private pin(color: MarkerColor, cut: boolean): HTMLElement {
    const pin = new this.markerLib.PinElement({
      background: color.background,
      borderColor: color.borderColor,
      glyphColor: color.glyphColor,
    });
    if (cut) {
      // Maps API ≥ 3.62 takes glyphText; older versions only the (since deprecated) glyph.
      if ('glyphText' in pin) pin.glyphText = RECENT_CUT_GLYPH;
      else pin.glyph = RECENT_CUT_GLYPH;
    }
    // Maps API ≥ 3.62: the PinElement is itself the element; older versions expose `.element`.
    const legacy: unknown = Reflect.get(pin, 'element');
    return legacy instanceof HTMLElement ? legacy : pin;
  }
}
