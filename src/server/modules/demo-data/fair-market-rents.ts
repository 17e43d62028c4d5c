/**
 * HUD Fair Market Rents, FY2026 (effective 2025-10-01), US$ a month by bedroom count (0 to 4), of the
 * HUD metro FMR area of each demo city's principal county. Source: HUD USER, "Fair Market Rents"
 * (https://www.huduser.gov/portal/datasets/fmr.html; Federal Register 2025-16060, 22 August 2025),
 * county-level file FY26_FMRs.xlsx, as copied machine-readably in PolicyEngine/policyengine-us,
 * policyengine_us/parameters/gov/hud/fmr/fair_market_rents.csv @ 8914f89 (the FY2026 rows; every
 * county of a metro carries its metro's FMR). The FY2026 revision of May 2026 touched none of these
 * metros. County per city in docs/listings.md, "Demo leases".
 *
 * An FMR is the 40th percentile of the gross rent (rent and essential utilities) that recent movers
 * paid for standard, non-luxury units: the demo leases are calibrated to it (generator.ts, demoLeases).
 */
export type FairMarketRents = readonly [studio: number, one: number, two: number, three: number, four: number];

export const FAIR_MARKET_RENTS_FY2026: Readonly<Record<string, FairMarketRents>> = {
  'Austin, TX': [1474, 1562, 1852, 2347, 2760], // Travis County (48453)
  'Phoenix, AZ': [1457, 1583, 1839, 2452, 2720], // Maricopa (04013)
  'Dallas, TX': [1582, 1648, 1931, 2431, 3091], // Dallas (48113)
  'Houston, TX': [1280, 1323, 1573, 2116, 2639], // Harris (48201)
  'San Antonio, TX': [1077, 1177, 1426, 1830, 2132], // Bexar (48029)
  'Atlanta, GA': [1585, 1660, 1820, 2182, 2605], // Fulton (13121)
  'Charlotte, NC': [1469, 1538, 1686, 2076, 2637], // Mecklenburg (37119)
  'Tampa, FL': [1593, 1696, 1977, 2527, 3077], // Hillsborough (12057)
  'Orlando, FL': [1650, 1731, 1972, 2476, 2924], // Orange (12095)
  'Jacksonville, FL': [1355, 1382, 1658, 2043, 2561], // Duval (12031)
  'Nashville, TN': [1507, 1578, 1730, 2211, 2696], // Davidson (47037)
  'Indianapolis, IN': [1118, 1267, 1473, 1907, 2338], // Marion (18097)
  'Columbus, OH': [1111, 1194, 1430, 1715, 1927], // Franklin (39049)
  'Kansas City, MO': [1095, 1197, 1358, 1769, 2103], // Jackson (29095)
  'Denver, CO': [1643, 1754, 2089, 2734, 3049], // Denver (08031)
  'Las Vegas, NV': [1333, 1478, 1735, 2413, 2764], // Clark (32003)
  'Raleigh, NC': [1524, 1596, 1750, 2196, 2936], // Wake (37183)
  'Memphis, TN': [1060, 1154, 1274, 1683, 1959], // Shelby (47157)
  'Cleveland, OH': [933, 1058, 1279, 1646, 1760], // Cuyahoga (39035)
  'Detroit, MI': [1009, 1122, 1411, 1724, 1868], // Wayne (26163)
};

/** HUD's rule for larger units: each bedroom beyond four adds 15 % of the four-bedroom FMR. */
const EXTRA_BEDROOM_SHARE = 0.15;

/** The FY2026 FMR of a demo city for a unit of `beds` bedrooms (0 or more). */
export function fairMarketRent(city: string, state: string, beds: number): number {
  const rents = FAIR_MARKET_RENTS_FY2026[`${city}, ${state}`];
  if (!rents) throw new Error(`No Fair Market Rents for ${city}, ${state}`);
  return beds <= 4 ? rents[beds] : rents[4] * (1 + EXTRA_BEDROOM_SHARE * (beds - 4));
}
