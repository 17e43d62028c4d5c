/** The whole number ≥ 1 in environment variable `name`, or `fallback` when it is unset; throws on anything else. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
}
