export const DEFAULT_DEMO_LISTINGS = 20_000;

/**
 * DEMO_LISTINGS: unset → the default count, or none when an MLS feed is configured (RESO_API_URL: the
 * feed's listings are the real ones, and its daily reconciliation would take the demo's off the map);
 * 0 → no demo data; otherwise a non-negative integer.
 */
export function demoListingsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DEMO_LISTINGS?.trim();
  if (!raw) return env.RESO_API_URL?.trim() ? 0 : DEFAULT_DEMO_LISTINGS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`DEMO_LISTINGS must be a non-negative integer, got "${raw}"`);
  return value;
}
