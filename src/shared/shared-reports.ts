/** A property's analysis shared as a read-only link (issue 40): the limits both sides know. */

/** How long a link may live, in days; the share dialog offers a few of them. */
export const SHARE_EXPIRY = { min: 1, max: 90 } as const;
export const SHARE_EXPIRY_CHOICES = [1, 7, 30, 90] as const;
/** The most links one user keeps (revoked and expired ones count). */
export const MAX_SHARED_REPORTS = 500;

/** "1200-e-11th-st-austin-tx-78702-analysis": an analysis PDF's file name (without ".pdf") from its formatted address. */
export const analysisPdfName = (address: string): string =>
  `${address
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-analysis`;
