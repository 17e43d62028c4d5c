/**
 * The returns heat map's rules (docs/map-search.md, "Returns heat map"): the bins its cells are
 * coloured by, their legend, and the words of a cell (tooltip and table). The server's `type=returns`
 * answers the figures (GET /searchProperties); the client draws them with these rules.
 */
import { INFINITE_ROI } from './format';
import { strategyName } from './invest/ranking';
import type { ReturnFigure, ReturnsCell } from './schemas/property-search';
import type { StrategyKey } from './vocabulary';

/** The strategy the heat map shows when the search has none (no strategy filter or sort). */
export const DEFAULT_RETURNS_STRATEGY: StrategyKey = 'buyHold';

export interface ReturnsBin {
  /** The legend's text: "< -8%", "-8 to -4%", …, "≥ 12%". */
  label: string;
  /** The cell's fill; the bins grow darker as returns grow, so they differ in lightness, not hue alone. */
  fill: string;
  /** Text on the fill (a cell's label, the legend's swatch): at least 4.5:1 against it. */
  text: string;
}

/**
 * Bin edges in percent: a figure below edge i (and at or above edge i − 1) is in bin i; at or above
 * the last edge, in the last bin (with the infinite returns). Fixed for every strategy and view, so
 * a colour means the same figure wherever the map is and whichever strategy it shows; three bins
 * below zero, as a Buy & Hold at today's rates mostly is.
 */
export const RETURNS_EDGES = [-8, -4, 0, 4, 8, 12] as const;

/** ColorBrewer's YlGn, light to dark (relative luminance falling from 0.98 to 0.08). */
const FILLS = ['#ffffcc', '#d9f0a3', '#addd8e', '#78c679', '#41ab5d', '#238443', '#005a32'] as const;
const DARK_TEXT = '#1f2937';
const LIGHT_TEXT = '#ffffff';

export const RETURNS_BINS: readonly ReturnsBin[] = FILLS.map((fill, i) => ({
  label:
    i === 0
      ? `< ${RETURNS_EDGES[0]}%`
      : i === RETURNS_EDGES.length
        ? `≥ ${RETURNS_EDGES[i - 1]}%`
        : `${RETURNS_EDGES[i - 1]} to ${RETURNS_EDGES[i]}%`,
  fill,
  text: i >= 5 ? LIGHT_TEXT : DARK_TEXT,
}));

/** The number of a wire figure: "Infinity" is Infinity. */
export const figureValue = (figure: ReturnFigure): number => (figure === 'Infinity' ? Infinity : figure);

/** The index in RETURNS_BINS of a cash-on-cash figure (an infinite return is in the top bin). */
export function returnsBin(figure: ReturnFigure): number {
  const value = figureValue(figure);
  const i = RETURNS_EDGES.findIndex((edge) => value < edge);
  return i === -1 ? RETURNS_EDGES.length : i;
}

/** A figure as the map says it: one decimal, "∞" for no cash in. */
export function returnText(figure: ReturnFigure): string {
  const value = figureValue(figure);
  if (value === Infinity) return INFINITE_ROI;
  return `${(Math.round(value * 10) / 10).toFixed(1)}%`;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'property' : 'properties'}`;

/** "2.1% to 9.8%": the cell's 10th to 90th percentile; one figure when they agree. */
export function returnsRangeText(cell: Pick<ReturnsCell, 'low' | 'high'>): string {
  const low = returnText(cell.low);
  const high = returnText(cell.high);
  return low === high ? low : `${low} to ${high}`;
}

/** The legend's title: which strategy's figure is shown. */
export const returnsLegendTitle = (strategy: StrategyKey): string => `${strategyName(strategy)} cash-on-cash, median per area`;

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`;

/** A cell's centre: "30.27° N, 97.74° W" (cells of one city differ by it). */
export function returnsCellCentre(cell: Pick<ReturnsCell, 'bounds'>): string {
  const { ne, sw } = cell.bounds;
  return `${degrees((ne.lat + sw.lat) / 2, 'N', 'S')}, ${degrees((ne.lng + sw.lng) / 2, 'E', 'W')}`;
}

/** Where a cell is: its city ("Austin, TX", the nearest of the listings' cities), else its centre. */
export const returnsCellPlace = (cell: Pick<ReturnsCell, 'place' | 'bounds'>): string => cell.place ?? returnsCellCentre(cell);

/** A cell's tooltip: "Austin, TX: median 6.2% over 14 properties; middle 80%: 2.1% to 9.8%". */
export function returnsCellText(cell: ReturnsCell): string {
  return `${returnsCellPlace(cell)}: median ${returnText(cell.median)} over ${count(cell.count)}; middle 80%: ${returnsRangeText(cell)}`;
}

/** The cells best first (highest median; ties by more properties, then by key), as the table lists them. */
export function sortReturnsCells(cells: readonly ReturnsCell[]): ReturnsCell[] {
  return [...cells].sort(
    (a, b) => figureValue(b.median) - figureValue(a.median) || b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}
