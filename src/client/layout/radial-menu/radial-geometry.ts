/**
 * Where each entry sits when the menu is open: entries fan out from the bottom-right button
 * over a quarter circle (from straight left to straight up), on two arcs of four so that
 * eight round buttons never overlap.
 */
export interface Offset {
  x: number;
  y: number;
}

export const INNER_RADIUS = 92;
export const OUTER_RADIUS = 164;
const PER_ARC = 4;

export function radialOffset(index: number): Offset {
  const radius = index < PER_ARC ? INNER_RADIUS : OUTER_RADIUS;
  const slot = index % PER_ARC;
  const angle = Math.PI + (slot * (Math.PI / 2)) / (PER_ARC - 1); // 180° … 270°
  return { x: Math.round(Math.cos(angle) * radius), y: Math.round(Math.sin(angle) * radius) };
}
