import { envText } from './env-text';

/** Fastify's trustProxy: off, a number of proxy hops, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = boolean | number | string[];

/**
 * TRUST_PROXY: unset or `false` — no proxy (the socket's address is the client's); a whole number —
 * that many proxy hops in front; otherwise a comma-separated list of the proxies' addresses or
 * CIDR ranges (e.g. `10.0.0.0/8,127.0.0.1`). `true` (every hop) is refused: anyone could then claim
 * any address with X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = envText(value);
  if (raw === undefined || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY=true would believe any X-Forwarded-For: set the number of proxy hops or their addresses');
  }
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = list.find(
    (item) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item) && !['loopback', 'linklocal', 'uniquelocal'].includes(item),
  );
  if (bad !== undefined) {
    throw new Error(`TRUST_PROXY: "${bad}" is not an address, a CIDR range or loopback/linklocal/uniquelocal`);
  }
  return list;
}
