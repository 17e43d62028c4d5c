import { withOverrides, type WhatIf } from '../../src/shared/invest';

/** A $200,000 house renting for $1,800 with a $240,000 ARV, default assumptions at `ratePercent`. */
export const sampleWhatIf = (over: Partial<WhatIf['figures']> = {}, ratePercent = 6.26): WhatIf => ({
  figures: {
    purchasePrice: 200_000,
    monthlyRent: 1_800,
    rehabCost: 10_000,
    arv: 240_000,
    peakNightlyRate: 180,
    squareFeet: 1_400,
    ...over,
  },
  assumptions: withOverrides(undefined, { financing: { interestRatePercent: ratePercent } }),
});

/** A $300,000 house renting for $2,400 with a $360,000 ARV: the server tests' and the load bench's saved calculation. */
export const listingWhatIf = (ratePercent = 6.26): WhatIf =>
  sampleWhatIf(
    { purchasePrice: 300_000, monthlyRent: 2_400, rehabCost: 20_000, arv: 360_000, peakNightlyRate: 210, squareFeet: 1_650 },
    ratePercent,
  );
