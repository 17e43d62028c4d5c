import { formatCurrency, formatInteger } from '../format';
import type { Assumptions } from './defaults';
import { GROWTH_LIMITS, HOLD_YEARS_LIMIT, type GrowthAssumptions } from './projection';
import { ASSUMPTION_LIMITS, FIGURE_LIMITS, type InputLimit, type WhatIf } from './what-if';

/** The analysis's inputs in groups, with their labels and units: the page's inputs, the printed and PDF reports' list. */

export type InputGroupKey = 'figures' | keyof Assumptions;

/** The input groups: the property's figures, then each assumption section. */
export const INPUT_GROUPS: ReadonlyArray<{ key: InputGroupKey; title: string }> = [
  { key: 'figures', title: 'Property' },
  { key: 'financing', title: 'Financing' },
  { key: 'operating', title: 'Operating expenses' },
  { key: 'brrrr', title: 'BRRRR' },
  { key: 'flip', title: "Fix'N'Flip" },
  { key: 'shortTerm', title: 'Short-term Rental' },
];

export const limitsOf = (group: InputGroupKey): Record<string, InputLimit> =>
  group === 'figures' ? FIGURE_LIMITS : ASSUMPTION_LIMITS[group];

export const valuesOf = (whatIf: WhatIf, group: InputGroupKey): Record<string, number> =>
  group === 'figures' ? whatIf.figures : whatIf.assumptions[group];

/** An input's value in its unit: '$1,250', '6.5%', '12 months', '30'. */
export function formatInput(limit: InputLimit, value: number): string {
  switch (limit.unit) {
    case 'usd':
      return formatCurrency(value, Number.isInteger(value) ? 0 : 2);
    case 'percent':
      return `${value}%`;
    case 'months':
      return `${value} month${value === 1 ? '' : 's'}`;
    default:
      return limit.integer ? formatInteger(value) : String(value);
  }
}

export interface InputsGroup {
  title: string;
  items: Array<{ label: string; value: string }>;
}

/** Every input the analysis used, grouped, the projection's growth and hold period last. */
export function inputsUsed(whatIf: WhatIf, growth: GrowthAssumptions, holdYears: number): InputsGroup[] {
  return [
    ...INPUT_GROUPS.map((group) => {
      const values = valuesOf(whatIf, group.key);
      return {
        title: group.title,
        items: Object.entries(limitsOf(group.key)).map(([key, limit]) => ({
          label: limit.label,
          value: formatInput(limit, values[key]),
        })),
      };
    }),
    {
      title: 'Projection',
      items: [
        ...(Object.keys(GROWTH_LIMITS) as Array<keyof GrowthAssumptions>).map((key) => ({
          label: GROWTH_LIMITS[key].label,
          value: formatInput(GROWTH_LIMITS[key], growth[key]),
        })),
        { label: HOLD_YEARS_LIMIT.label, value: String(holdYears) },
      ],
    },
  ];
}
