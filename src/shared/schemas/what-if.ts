import { Type, type Static } from '@sinclair/typebox';
import { Assumptions } from './assumptions';

/**
 * A what-if analysis of one property: its own figures plus a full set of assumptions. The property
 * page edits one and recomputes in the browser; a saved calculation stores one and the server
 * recomputes its results with the same code (src/shared/invest/what-if.ts).
 */
export const PropertyFigures = Type.Object({
  purchasePrice: Type.Number(),
  monthlyRent: Type.Number(),
  rehabCost: Type.Number(),
  arv: Type.Number({ description: 'After-repair value.' }),
  peakNightlyRate: Type.Number({ description: 'Peak-season nightly rate (short-term rental).' }),
  squareFeet: Type.Number(),
});
export type PropertyFigures = Static<typeof PropertyFigures>;

export const WhatIf = Type.Object({ figures: PropertyFigures, assumptions: Assumptions });
export type WhatIf = Static<typeof WhatIf>;
