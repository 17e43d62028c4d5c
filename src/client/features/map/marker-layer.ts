/**
 * The property markers, kept imperatively for speed (docs/map-search.md, "Performance"):
 *
 * - One google.maps.marker.AdvancedMarkerElement per property *inside the viewport plus a margin*;
 *   known properties outside it keep no marker. Each settle diffs the wanted ids against the shown ids
 *   by key (diffKeys) and changes only those: markers are never all rebuilt.
 * - Marker elements are created lazily and reused by id: a marker leaving the view is kept in a cache
 *   and comes back without being rebuilt. Its PinElement (in the property's markerColor) is only
 *   built when the clusterer actually shows the marker on its own.
 * - A MarkerClusterer (SuperClusterAlgorithm radius 60, maxZoom 16) displays them; changes go through
 *   its bulk calls — removeMarkers(list, true), addMarkers(list, true) — then one render().
 */
import {
  MarkerClusterer,
  MarkerClustererEvents,
  SuperClusterAlgorithm,
  type Cluster,
  type ClusterStats,
  type Renderer,
} from '@googlemaps/markerclusterer';
import { markerColorFor, type MarkerColor } from '../../../shared/deal-status';
import type { MapBounds } from '../../../shared/geo/bounds';
import { formatAddress } from '../../../shared/format';
import { clusterColor, dealMixFromBackgrounds, dealMixText } from './cluster-rules';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, VIEWPORT_MARGIN } from './map-constants';
import type { MapProperty } from './map-types';
import { diffKeys, idsInView, propertyLatLng } from './marker-diff';

type MarkerLibrary = google.maps.MarkerLibrary;
type AdvancedMarker = google.maps.marker.AdvancedMarkerElement;

interface Entry {
  marker: AdvancedMarker;
  /** The property object the marker was last drawn from (entity references change on upsert). */
  property: MapProperty;
  position: google.maps.LatLngLiteral;
  color: MarkerColor;
  pinned: boolean;
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

/** The cluster circle: red above max(10, mean), else blue; its title tells the deal mix. */
export function createClusterRenderer(markerLib: MarkerLibrary, backgroundOf: (marker: unknown) => string | undefined): Renderer {
  return {
    render(cluster: Cluster, stats: ClusterStats) {
      const count = cluster.count;
      const color = clusterColor(count, stats.clusters.markers.mean);
      const title = dealMixText(dealMixFromBackgrounds(cluster.markers.map(backgroundOf)));
      const size = Math.round(Math.min(64, 30 + Math.log10(Math.max(1, count)) * 12));
      const el = document.createElement('div');
      el.className = 'dm-cluster';
      el.style.width = `${size}px`;
      el.style.height = `${size}px`;
      el.style.background = color;
      el.dataset.color = color;
      el.dataset.count = String(count);
      el.textContent = String(count);
      el.title = title;
      el.setAttribute('aria-label', title);
      return new markerLib.AdvancedMarkerElement({
        position: cluster.position,
        content: el,
        title,
        zIndex: 1_000_000 + count,
      });
    },
  };
}

export class MarkerLayerController {
  readonly clusterer: MarkerClusterer;
  /** Markers currently handed to the clusterer, by property id. */
  private readonly shown = new Map<string, Entry>();
  /** Every marker built so far, by property id (reused when a property comes back into view). */
  private readonly cache = new Map<string, Entry>();
  private readonly backgrounds = new WeakMap<object, string>();
  private readonly ids = new WeakMap<object, string>();
  private destroyed = false;

  constructor(
    private readonly map: google.maps.Map,
    private readonly markerLib: MarkerLibrary,
    private readonly onSelect: (id: string) => void,
  ) {
    this.clusterer = new MarkerClusterer({
      map,
      algorithm: new SuperClusterAlgorithm({ radius: CLUSTER_RADIUS, maxZoom: CLUSTER_MAX_ZOOM }),
      renderer: createClusterRenderer(markerLib, (m) => this.backgrounds.get(m as object)),
    });
    google.maps.event.addListener(this.clusterer, MarkerClustererEvents.CLUSTERING_END, () => this.pinShownMarkers());
  }

  /** How many markers exist right now (shown) and were ever built (cached). */
  get counts() {
    return { shown: this.shown.size, built: this.cache.size };
  }

  shownIds(): string[] {
    return [...this.shown.keys()];
  }

  markerFor(id: string): AdvancedMarker | undefined {
    return this.shown.get(id)?.marker;
  }

  /** Brings the shown markers in line with the properties inside `bounds` (plus the margin). */
  sync(entities: Record<string, MapProperty | undefined>, bounds: MapBounds | null): { added: number; removed: number } {
    if (this.destroyed) return { added: 0, removed: 0 };
    const all = Object.values(entities).filter((p): p is MapProperty => !!p);
    const wanted = idsInView(all, bounds, VIEWPORT_MARGIN);
    const { add, remove } = diffKeys(this.shown.keys(), wanted);

    const removed: AdvancedMarker[] = [];
    for (const id of remove) {
      const entry = this.shown.get(id)!;
      this.shown.delete(id);
      removed.push(entry.marker);
    }
    const added: AdvancedMarker[] = [];
    for (const id of add) {
      const property = entities[id]!;
      const entry = this.entryFor(property);
      if (!entry) continue;
      this.shown.set(id, entry);
      added.push(entry.marker);
    }
    // Kept markers whose property changed (a newer page replaced it): update in place.
    let changed = false;
    for (const [id, entry] of this.shown) {
      const property = entities[id];
      if (property && property !== entry.property) changed = this.refresh(entry, property) || changed;
    }
    if (removed.length) this.clusterer.removeMarkers(removed, true);
    if (added.length) this.clusterer.addMarkers(added, true);
    if (removed.length || added.length || changed) this.clusterer.render();
    return { added: added.length, removed: removed.length };
  }

  destroy(): void {
    this.destroyed = true;
    google.maps.event.clearInstanceListeners(this.clusterer);
    this.clusterer.clearMarkers(true);
    this.clusterer.setMap(null);
    for (const entry of this.cache.values()) entry.marker.map = null;
    this.shown.clear();
    this.cache.clear();
  }

  private entryFor(property: MapProperty): Entry | null {
    const cached = this.cache.get(property._id);
    if (cached) {
      if (cached.property !== property) this.refresh(cached, property);
      return cached;
    }
    const position = propertyLatLng(property);
    if (!position) return null;
    const color = colorOf(property);
    const marker = new this.markerLib.AdvancedMarkerElement({
      position,
      title: formatAddress(property),
      zIndex: property.zIndex ?? null,
      gmpClickable: true,
    });
    const id = property._id;
    marker.addEventListener('gmp-click', () => this.onSelect(id));
    this.backgrounds.set(marker, color.background);
    const entry: Entry = { marker, property, position, color, pinned: false };
    this.cache.set(id, entry);
    this.ids.set(marker, id);
    return entry;
  }

  /** Updates a marker from a newer copy of its property; true when the clusterer must redraw. */
  private refresh(entry: Entry, property: MapProperty): boolean {
    entry.property = property;
    const color = colorOf(property);
    entry.marker.title = formatAddress(property);
    const position = propertyLatLng(property);
    let moved = false;
    if (position && (position.lat !== entry.position.lat || position.lng !== entry.position.lng)) {
      entry.position = position;
      entry.marker.position = position;
      moved = true;
    }
    if (!sameColor(color, entry.color)) {
      entry.color = color;
      this.backgrounds.set(entry.marker, color.background);
      if (entry.pinned) entry.marker.content = this.pin(color);
      return true;
    }
    return moved;
  }

  private pin(color: MarkerColor): HTMLElement {
    const pin = new this.markerLib.PinElement({
      background: color.background,
      borderColor: color.borderColor,
      glyphColor: color.glyphColor,
    });
    // Maps API ≥ 3.62: the PinElement is itself the element; older versions expose `.element`.
    const legacy: unknown = Reflect.get(pin, 'element');
    return legacy instanceof HTMLElement ? legacy : pin;
  }

  /** Builds the PinElement of every marker the clusterer shows on its own (lazily, once). */
  private pinShownMarkers(): void {
    // The clusters the last render drew: a protected member of MarkerClusterer, read here (no public getter).
    const clusters = (this.clusterer as unknown as { clusters?: Cluster[] }).clusters ?? [];
    for (const cluster of clusters) {
      if (cluster.markers.length !== 1) continue;
      const marker = cluster.markers[0] as AdvancedMarker;
      const id = this.idOf(marker);
      const entry = id ? this.shown.get(id) : undefined;
      if (entry && !entry.pinned) {
        entry.marker.content = this.pin(entry.color);
        entry.pinned = true;
      }
    }
  }

  private idOf(marker: object): string | undefined {
    return this.ids.get(marker);
  }
}
