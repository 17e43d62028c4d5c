/**
 * The returns heat map on the Google map: one OverlayView whose element holds a square per grid
 * cell, filled with its bin's colour (src/shared/returns-map.ts) and labelled with its median, placed
 * by the map's projection at each draw. Pointing at a cell (or tapping it) shows its tooltip: place,
 * median, count and range. The squares are for the eye; the list panel's table carries the same
 * figures for screen readers and the keyboard, so the layer is hidden from assistive technology.
 */
import { returnsBin, returnsCellText, RETURNS_BINS, returnText } from '../../../../shared/returns-map';
import type { ReturnsCell } from '../map-types';

/** Below this width (px) a cell has no room for its label (a zoom-out shrinks the old cells until the new answer). */
const LABEL_MIN_PX = 40;
/** The tooltip keeps this far from the map's sides. */
const TOOLTIP_MARGIN_PX = 4;
/** The fill's opacity: the map's streets stay readable under the colour. */
const FILL_ALPHA = 'a6';

export interface ReturnsLayer {
  setCells(cells: readonly ReturnsCell[]): void;
  destroy(): void;
}

export function createReturnsLayer(map: google.maps.Map, maps: google.maps.MapsLibrary): ReturnsLayer {
  class ReturnsOverlay extends maps.OverlayView {
    readonly root = document.createElement('div');
    readonly tooltip = document.createElement('div');
    cells: readonly ReturnsCell[] = [];
    elements: HTMLElement[] = [];
    /** The cell whose tooltip a tap pinned (a pointer's hover shows it without pinning). */
    pinned: string | null = null;
    /** The cell element the tooltip is over, if shown. */
    shownOver: HTMLElement | null = null;

    constructor() {
      super();
      this.root.className = 'dm-returns-layer';
      this.root.setAttribute('aria-hidden', 'true');
      this.root.dataset.testid = 'returns-layer';
      this.tooltip.className = 'dm-returns-tooltip';
      this.tooltip.hidden = true;
      this.tooltip.dataset.testid = 'returns-tooltip';
    }

    override onAdd() {
      this.getPanes()?.overlayMouseTarget.appendChild(this.root);
    }

    override onRemove() {
      this.root.remove();
    }

    setCells(cells: readonly ReturnsCell[]) {
      this.cells = cells;
      this.root.replaceChildren();
      this.elements = cells.map((cell) => {
        const bin = RETURNS_BINS[returnsBin(cell.median)];
        const el = document.createElement('div');
        el.className = 'dm-returns-cell';
        el.style.background = bin.fill + FILL_ALPHA;
        el.dataset.key = cell.key;
        el.dataset.bin = String(returnsBin(cell.median));
        const label = document.createElement('span');
        label.className = 'dm-returns-label';
        label.textContent = returnText(cell.median);
        label.style.background = bin.fill;
        label.style.color = bin.text;
        el.appendChild(label);
        el.addEventListener('pointerenter', () => this.showTooltip(cell, el));
        el.addEventListener('pointerleave', () => {
          if (this.pinned !== cell.key) this.hideTooltip();
        });
        el.addEventListener('click', () => {
          this.pinned = this.pinned === cell.key ? null : cell.key;
          if (this.pinned) this.showTooltip(cell, el);
          else this.hideTooltip();
        });
        return el;
      });
      this.root.append(...this.elements, this.tooltip);
      this.hideTooltip();
      this.draw();
    }

    showTooltip(cell: ReturnsCell, el: HTMLElement) {
      this.tooltip.textContent = returnsCellText(cell);
      this.tooltip.hidden = false;
      this.shownOver = el;
      this.placeTooltip();
    }

    /** Above the middle of its cell (the cells move at each draw), kept inside the map's width. */
    placeTooltip() {
      const el = this.shownOver;
      if (!el) return;
      const middle = parseFloat(el.style.left) + parseFloat(el.style.width) / 2;
      // Div pixels move with the map's panes; the container's width is in container pixels.
      const container = this.getProjection()?.fromDivPixelToLatLng(new google.maps.Point(middle, 0));
      const x = container ? this.getProjection()?.fromLatLngToContainerPixel(container)?.x : undefined;
      const width = map.getDiv().offsetWidth;
      const half = this.tooltip.offsetWidth / 2 + TOOLTIP_MARGIN_PX;
      const shift = x === undefined || width < 2 * half ? 0 : Math.min(Math.max(x, half), width - half) - x;
      this.tooltip.style.left = `${middle + shift}px`;
      this.tooltip.style.top = el.style.top;
    }

    hideTooltip() {
      this.pinned = null;
      this.shownOver = null;
      this.tooltip.hidden = true;
    }

    override draw() {
      const projection = this.getProjection();
      if (!projection) return;
      this.cells.forEach((cell, i) => {
        const ne = projection.fromLatLngToDivPixel(cell.bounds.ne);
        const sw = projection.fromLatLngToDivPixel(cell.bounds.sw);
        const el = this.elements[i];
        if (!ne || !sw || !el) return;
        const width = ne.x - sw.x;
        el.style.left = `${sw.x}px`;
        el.style.top = `${ne.y}px`;
        el.style.width = `${width}px`;
        el.style.height = `${sw.y - ne.y}px`;
        el.classList.toggle('dm-returns-cell-small', width < LABEL_MIN_PX);
      });
      this.placeTooltip();
    }
  }

  const overlay = new ReturnsOverlay();
  overlay.setMap(map);
  return {
    setCells: (cells) => overlay.setCells(cells),
    destroy: () => overlay.setMap(null),
  };
}
