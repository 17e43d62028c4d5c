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
