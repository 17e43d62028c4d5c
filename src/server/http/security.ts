import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path';

/** CSP for the client: Google Maps (scripts, tiles, API calls) and Ant Design's injected styles. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://maps.googleapis.com', 'https://maps.gstatic.com'],
  imgSrc: [
    "'self'",
    'data:',
    'blob:',
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
  ],
  connectSrc: ["'self'", 'https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  fontSrc: ["'self'", 'data:', 'https://fonts.gstatic.com'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ['https://*.google.com'],
  // Served over plain http in development and on private networks: do not force https.
  upgradeInsecureRequests: null,
};

/**
 * Features the app never uses, denied to every page (and to anything a page embeds). Geolocation
 * too: the map search is by place, not by the device's position.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
].join(', ');

/** A year, subdomains included (no preload: that is the deployer's choice). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Every answer carries the Permissions-Policy, and over HTTPS the HSTS header; API answers are never stored by a browser or a proxy
 * (they hold tokens and personal data), unless a route chose its own Cache-Control.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Over HTTPS only: directly, or as a trusted proxy says (X-Forwarded-Proto, with TRUST_PROXY).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
