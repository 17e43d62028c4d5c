/**
 * The clustering behind the map's MarkerClusterer, on plain points (docs/map-search.md, "At scale").
 *
 * MarkerClusterer's own algorithms cluster marker objects: every known property needs an
 * AdvancedMarkerElement, and SuperClusterAlgorithm reads every leaf of every cluster on each render.
 * This algorithm keeps a supercluster index of plain points ([lng, lat], id, deal status) whose
 * clusters accumulate their deal mix (map/reduce), and answers `calculate` with the clusters inside
 * the viewport only: a cluster is a CountedCluster (no markers, its count and mix from the index);
 * a lone property is a Cluster of its one marker, built on first use and reused. A pan costs the
 * visible clusters and markers, not the known properties.
 *
 * In server mode (wide views) it draws the server's grid cells instead (GET /searchProperties
 * ?type=clusters), as CountedClusters with the same look.
 */
import { Cluster, type Algorithm, type AlgorithmInput, type AlgorithmOutput } from '@googlemaps/markerclusterer';
import Supercluster from 'supercluster';
import { dealStatusFromMarker } from '../../../../shared/deal-status';
import type { MapBounds } from '../../../../shared/geo/bounds';
import type { PropertyCluster } from '../../../../shared/schemas/property-search';
import { clusterDiameter, type DealMix } from './cluster-rules';
import { groupOverlapping, meanPosition, type Circle } from './cluster-spacing';
import { CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, SERVER_CLUSTER_MAX_ZOOM, VIEWPORT_MARGIN } from '../map-constants';
import { expandBounds, propertyLatLng } from './marker-diff';
import type { MapProperty } from '../map-types';

type Mix = Omit<DealMix, 'total'>;
interface PointProps extends Mix {
  id: string;
}

/** A cluster drawn from a count (a supercluster cluster or a server cell), not from its markers. */
export class CountedCluster extends Cluster {
  constructor(
    position: google.maps.LatLngLiteral,
    readonly total: number,
    readonly mix: Mix,
    /** Where a click takes the map. */
    readonly zoomTo: (map: google.maps.Map) => void,
  ) {
    super({ markers: [], position });
  }

  override get count(): number {
    return this.total;
  }

  get dealMix(): DealMix {
    return { total: this.total, ...this.mix };
  }
}

const mixOf = (background: string | undefined): Mix => {
  const status = dealStatusFromMarker(background);
  return {
    good: status === 'Good Deal' ? 1 : 0,
    market: status === 'Market Price' ? 1 : 0,
    over: status === 'Overpriced' ? 1 : 0,
  };
};

/** Zoom levels a click on a lone server cell adds when its properties share one spot. */
const POINT_CELL_ZOOM_STEP = 3;

/** Fits the map to a server cell's properties (a lone spot: zooms in on it). */
function zoomToCell(cell: PropertyCluster) {
  return (map: google.maps.Map) => {
    const { ne, sw } = cell.bounds;
    if (ne.lat - sw.lat < 1e-6 && ne.lng - sw.lng < 1e-6) {
      map.setCenter(cell.center);
      map.setZoom(Math.min(CLUSTER_MAX_ZOOM + 1, (map.getZoom() ?? 0) + POINT_CELL_ZOOM_STEP));
    } else {
      map.fitBounds({ north: ne.lat, south: sw.lat, east: ne.lng, west: sw.lng });
    }
  };
}

export class PointsAlgorithm implements Algorithm {
  private index = new Supercluster<PointProps, Mix>({
    radius: CLUSTER_RADIUS,
    maxZoom: CLUSTER_MAX_ZOOM,
    // Wider views show the server's clusters: no index levels for them (a third of the build time).
    minZoom: SERVER_CLUSTER_MAX_ZOOM + 1,
    map: (p) => ({ good: p.good, market: p.market, over: p.over }),
    reduce: (acc, p) => {
      acc.good += p.good;
      acc.market += p.market;
      acc.over += p.over;
    },
  });
  private serverCells: PropertyCluster[] | null = null;
  /** The properties the index was built from (identity: the slice's entity table). */
  private indexed: Record<string, MapProperty | undefined> | null = null;

  constructor(private readonly markerFor: (property: MapProperty) => google.maps.marker.AdvancedMarkerElement | null) {}

  /** Rebuilds the points index when the known properties changed; true when it did. */
  setProperties(entities: Record<string, MapProperty | undefined>): boolean {
    if (entities === this.indexed) return false;
    this.indexed = entities;
    const points: Array<Supercluster.PointFeature<PointProps>> = [];
    for (const id in entities) {
      const p = entities[id];
      const at = p && propertyLatLng(p);
      if (!at) continue;
      points.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [at.lng, at.lat] },
        properties: { id, ...mixOf(p.markerColor?.background) },
      });
    }
    this.index.load(points);
    return true;
  }

  /** Draws these server cells instead of the known properties (null: back to the properties). */
  setServerCells(cells: PropertyCluster[] | null): void {
    this.serverCells = cells;
  }

  get showsServerCells(): boolean {
    return this.serverCells !== null;
  }

  calculate({ map }: AlgorithmInput): AlgorithmOutput {
    if (this.serverCells) {
      return {
        clusters: withoutOverlaps(
          this.serverCells.map(
            (cell) =>
              new CountedCluster(
                cell.center,
                cell.count,
                { good: cell.good, market: cell.market, over: cell.over },
                zoomToCell(cell),
              ),
          ),
          map.getZoom() ?? 0,
        ),
        changed: true,
      };
    }
    const view = map.getBounds()?.toJSON();
    const zoom = map.getZoom();
    if (!view || zoom === undefined || !this.indexed) return { clusters: [], changed: true };
    return {
      clusters: withoutOverlaps(
        this.clustersIn({ ne: { lat: view.north, lng: view.east }, sw: { lat: view.south, lng: view.west } }, zoom),
        zoom,
      ),
      changed: true,
    };
  }

  /** The clusters and lone properties inside the bounds (plus the margin) at this zoom. */
  clustersIn(bounds: MapBounds, zoom: number): Cluster[] {
    const b = expandBounds(bounds, VIEWPORT_MARGIN);
    // Across the antimeridian the bounds wrap; supercluster takes west > east as such a box.
    const features = this.index.getClusters([b.sw.lng, b.sw.lat, b.ne.lng, b.ne.lat], Math.floor(zoom));
    const clusters: Cluster[] = [];
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates;
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const id = props.cluster_id;
        const expansion = Math.min(CLUSTER_MAX_ZOOM + 1, this.index.getClusterExpansionZoom(id));
        clusters.push(
          new CountedCluster(
            { lat, lng },
            props.point_count,
            { good: props.good, market: props.market, over: props.over },
            (map) => {
              map.setCenter({ lat, lng });
              map.setZoom(expansion);
            },
          ),
        );
      } else {
        const property = this.indexed?.[(props as PointProps).id];
        const marker = property ? this.markerFor(property) : null;
        if (marker) clusters.push(new Cluster({ markers: [marker], position: { lat, lng } }));
      }
    }
    return clusters;
  }
}

/**
 * The counted clusters with those whose circles would overlap at this zoom drawn as one
 * (cluster-spacing.ts); a merged one's click fits the map to its parts. Lone properties pass as they are.
 */
export function withoutOverlaps(clusters: Cluster[], zoom: number): Cluster[] {
  const circles: Array<Circle<CountedCluster>> = [];
  const out: Cluster[] = [];
  for (const c of clusters) {
    if (c instanceof CountedCluster)
      circles.push({ position: { lat: c.position.lat(), lng: c.position.lng() }, count: c.count, item: c });
    else out.push(c);
  }
  for (const group of groupOverlapping(circles, Math.floor(zoom), clusterDiameter)) {
    if (group.length === 1) {
      out.push(group[0].item);
      continue;
    }
    const mix = { good: 0, market: 0, over: 0 };
    let total = 0;
    for (const { item } of group) {
      total += item.total;
      mix.good += item.mix.good;
      mix.market += item.mix.market;
      mix.over += item.mix.over;
    }
    const positions = group.map((g) => g.position);
    out.push(
      new CountedCluster(meanPosition(group), total, mix, (map) => {
        const lats = positions.map((p) => p.lat);
        const lngs = positions.map((p) => p.lng);
        map.fitBounds(
          { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) },
          48,
        );
      }),
    );
  }
  return out;
}
