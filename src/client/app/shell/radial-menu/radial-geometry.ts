/**
 * Where each entry sits when the menu is open: the entries fan out from the bottom-right button
 * along one quarter-circle arc, from straight left (first entry) to straight up (last entry).
 */
export interface Offset {
  x: number;
  y: number;
}

export const RADIUS = 190;
export const ENTRY_SIZE = 40;

export function radialOffset(index: number, count = 8): Offset {
  const step = count > 1 ? Math.PI / 2 / (count - 1) : 0;
  const angle = Math.PI + index * step; // 180° … 270°
  return { x: Math.round(Math.cos(angle) * RADIUS), y: Math.round(Math.sin(angle) * RADIUS) };
}
