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
