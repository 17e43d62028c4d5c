import { pick, type Rng } from './random';

/**
 * The distressed segment flippers and BRRRR investors hunt for: bank-owned (REO), short sales,
 * estate sales and fixers. Each is priced at 55–80 % of its after-repair value with a rehab of
 * 10–35 % of it; the ARV is the neighbourhood's sold $/sq ft times the area, what the engine's
 * comps show (docs/listings.md).
 */
export type DistressKind = 'reo' | 'short-sale' | 'estate' | 'needs-work';

interface DistressProfile {
  /** Relative share within the segment. */
  weight: number;
  /** Rehab cost, USD per sq ft at REHAB_REFERENCE_PSF (our cosmetic-to-gut ranges), before the 10–35 % of ARV bounds. */
  rehabPerSqft: readonly [number, number];
  /** The discount below ARV beyond the rehab: the seller's hurry and the buyer's risk. */
  discount: readonly [number, number];
  /** The remarks' first sentence. */
  lead: readonly string[];
  /** The remarks' last sentence. */
  terms: readonly string[];
}

export const DISTRESS_PROFILES: Readonly<Record<DistressKind, DistressProfile>> = {
  reo: {
    weight: 3,
    rehabPerSqft: [25, 60],
    discount: [0.08, 0.28],
    lead: ['Bank-owned. Sold as-is.', 'Bank-owned (REO). Sold as-is, no seller disclosures.'],
    terms: ['Cash or renovation financing only.', 'All offers subject to bank approval; buyer to verify everything.'],
  },
  'short-sale': {
    weight: 2,
    rehabPerSqft: [15, 40],
    discount: [0.03, 0.18],
    lead: ['Short sale, subject to lender approval.', 'Short sale: the lender must approve the price.'],
    terms: ['Sold as-is; the buyer pays for repairs.', 'Patient buyers only: approval can take 60–90 days.'],
  },
  estate: {
    weight: 2,
    rehabPerSqft: [20, 45],
    discount: [0.06, 0.24],
    lead: ['Estate sale, needs updating.', 'Estate sale: one owner for decades, needs updating throughout.'],
    terms: ['Sold as-is by the estate.', 'The estate will make no repairs; priced accordingly.'],
  },
  'needs-work': {
    weight: 3,
    rehabPerSqft: [30, 70],
    discount: [0.07, 0.25],
    lead: ['Needs work: investor special.', 'Fixer-upper that needs work.'],
    terms: ['Sold as-is; bring your contractor.', 'Priced for an investor; sold as-is.'],
  },
};

/**
 * Rehab costs per sq ft are those of a house selling at this $/sq ft; they scale with the square root
 * of the neighbourhood's $/sq ft (rental-grade finishes where houses are cheap, dearer ones where not).
 */
export const REHAB_REFERENCE_PSF = 200;

/** Share of the listings that are distressed, the same in every city (each measured metro lands within 5–10 %). */
export const DISTRESSED_SHARE = 0.075;
/** A distressed listing's rehab and price as shares of its ARV. */
export const DISTRESSED_REHAB_SHARE = { min: 0.1, max: 0.35 } as const;
export const DISTRESSED_PRICE_SHARE = { min: 0.55, max: 0.8 } as const;

const REPAIRS = [
  'a new roof',
  'a full kitchen remodel',
  'new bathrooms',
  'new HVAC',
  'foundation repairs',
  'new flooring and paint throughout',
  'updated electrical and plumbing',
  'new windows',
  'water damage repairs',
];

const DISTRESS_KINDS = Object.keys(DISTRESS_PROFILES) as DistressKind[];

export function distressKind(u: number): DistressKind {
  const total = DISTRESS_KINDS.reduce((s, k) => s + DISTRESS_PROFILES[k].weight, 0);
  let acc = 0;
  for (const k of DISTRESS_KINDS) if (u < (acc += DISTRESS_PROFILES[k].weight / total)) return k;
  return DISTRESS_KINDS[DISTRESS_KINDS.length - 1];
}

/** Distinct repairs, more of them the heavier the rehab. */
export function repairsFor(rng: Rng, rehabShare: number): string {
  const count = rehabShare < 0.18 ? 2 : rehabShare < 0.28 ? 3 : 4;
  const chosen: string[] = [];
  while (chosen.length < count) {
    const r = pick(rng, REPAIRS);
    if (!chosen.includes(r)) chosen.push(r);
  }
  return `${chosen.slice(0, -1).join(', ')} and ${chosen[chosen.length - 1]}`;
}
