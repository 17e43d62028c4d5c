import { Type, type Static } from '@sinclair/typebox';
import { HOLD_YEARS_LIMIT } from '../invest/projection';
import { SHARE_EXPIRY } from '../shared-reports';
import { DateTime, Id, Nullable, StringEnum } from './common';
import { OfferTargets } from './profile';
import { Comp, Property } from './property';
import { StrategyKey } from './saved-calculations';
import { WhatIf } from './what-if';

/** A property's analysis shared as a read-only link (issue 40; docs/portfolio.md, "Shared reports"). */

/** The projection's growth rates, as the property page's projection has them. */
export const Growth = Type.Object(
  {
    appreciationPercent: Type.Number(),
    rentGrowthPercent: Type.Number(),
    expenseGrowthPercent: Type.Number(),
    sellingCostsPercent: Type.Number(),
  },
  { additionalProperties: false },
);

/**
 * POST /shared-reports: shares the analysis on the sharer's screen. The server takes the property and
 * its comps from the database; `whatIf` is checked by whatIfProblems, the growth by GROWTH_LIMITS.
 */
export const NewSharedReport = Type.Object(
  {
    propertyId: Type.String({ maxLength: 200 }),
    strategy: StrategyKey,
    whatIf: Type.Unknown(),
    growth: Growth,
    holdYears: Type.Integer({ minimum: HOLD_YEARS_LIMIT.min, maximum: HOLD_YEARS_LIMIT.max }),
    offerTargets: OfferTargets,
    expiresInDays: Type.Integer({ minimum: SHARE_EXPIRY.min, maximum: SHARE_EXPIRY.max }),
  },
  { additionalProperties: false },
);
export type NewSharedReport = Omit<Static<typeof NewSharedReport>, 'whatIf'> & { whatIf: WhatIf };

/** POST /analysis.pdf: the analysis on the investor's screen, as a PDF file (a share's fields without the expiry). */
export const AnalysisPdfRequest = Type.Omit(NewSharedReport, ['expiresInDays'], { additionalProperties: false });
export type AnalysisPdfRequest = Omit<NewSharedReport, 'expiresInDays'>;

/** A PDF file's bytes, as OpenAPI shows them. */
export const PdfFile = Type.String({ format: 'binary', description: 'The PDF file' });

export const SHARED_REPORT_STATUSES = ['active', 'expired', 'revoked'] as const;

/** One of the sharer's links, as their list shows it. */
export const SharedReportLink = Type.Object({
  _id: Id,
  /** Null once the listing left Dealmap (the link still opens the analysis as it was). */
  propertyId: Nullable(Id),
  address: Type.String(),
  /** The link's path: `/shared/<signed token>` (the client puts its origin before it). */
  path: Type.String(),
  status: StringEnum(SHARED_REPORT_STATUSES),
  createdAt: DateTime,
  expiresAt: DateTime,
  revokedAt: Nullable(DateTime),
  views: Type.Integer({ minimum: 0 }),
  lastViewedAt: Nullable(DateTime),
});
export type SharedReportLink = Static<typeof SharedReportLink>;

/** GET /shared-reports?propertyId=: the sharer's links, of one property or all. */
export const SharedReportsQuery = Type.Object(
  { propertyId: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

/** What a link opens (GET /api/v1/shared-reports/:token, no sign-in): the analysis as it was shared. */
export const SharedReport = Type.Object({
  property: Property,
  comps: Type.Array(Comp),
  strategy: StrategyKey,
  whatIf: WhatIf,
  growth: Growth,
  holdYears: Type.Integer(),
  offerTargets: OfferTargets,
  /** The sharer's name, with their company (account) when they have one. */
  sharedBy: Type.String(),
  sharedAt: DateTime,
  expiresAt: DateTime,
});
export type SharedReport = Static<typeof SharedReport>;

export const SharedReportTokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
