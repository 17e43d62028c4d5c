/**
 * Whether two JSON values are equal whatever the order of their objects' keys (jsonb keeps keys in
 * an order of its own); a key whose value is undefined counts as absent, as JSON.stringify has it.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const present = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const entriesA = present(a);
  const valuesB = new Map(present(b));
  return entriesA.length === valuesB.size && entriesA.every(([k, v]) => valuesB.has(k) && sameJson(v, valuesB.get(k)));
}
