import { useCallback, useMemo, useReducer } from 'react';
import {
  DEFAULT_GROWTH,
  DEFAULT_HOLD_YEARS,
  type Assumptions,
  type GrowthAssumptions,
  type PropertyFigures,
  type WhatIf,
} from '../../../shared/invest';
import type { StrategyKey } from '../../../shared/investor-types';

/**
 * The property page's working copy of the analysis: the what-if inputs, the projection's growth
 * assumptions and hold period, and the strategy in focus. Component state, not server data.
 */
export interface WhatIfState {
  whatIf: WhatIf;
  growth: GrowthAssumptions;
  holdYears: number;
  strategy: StrategyKey;
}

export type AssumptionSection = keyof Assumptions;

export type WhatIfAction =
  | { type: 'figure'; key: keyof PropertyFigures; value: number }
  | { type: 'assumption'; section: AssumptionSection; key: string; value: number }
  | { type: 'growth'; key: keyof GrowthAssumptions; value: number }
  | { type: 'holdYears'; value: number }
  | { type: 'strategy'; value: StrategyKey }
  /** A saved calculation's inputs and strategy. */
  | { type: 'apply'; whatIf: WhatIf; strategy: StrategyKey }
  | { type: 'reset'; defaults: WhatIf };

const copyWhatIf = (w: WhatIf): WhatIf => ({
  figures: { ...w.figures },
  assumptions: {
    financing: { ...w.assumptions.financing },
    operating: { ...w.assumptions.operating },
    brrrr: { ...w.assumptions.brrrr },
    flip: { ...w.assumptions.flip },
    shortTerm: { ...w.assumptions.shortTerm },
  },
});

export function initialWhatIfState(defaults: WhatIf, strategy: StrategyKey = 'buyHold'): WhatIfState {
  return { whatIf: copyWhatIf(defaults), growth: { ...DEFAULT_GROWTH }, holdYears: DEFAULT_HOLD_YEARS, strategy };
}

export function whatIfReducer(state: WhatIfState, action: WhatIfAction): WhatIfState {
  switch (action.type) {
    case 'figure':
      return { ...state, whatIf: { ...state.whatIf, figures: { ...state.whatIf.figures, [action.key]: action.value } } };
    case 'assumption': {
      const a = state.whatIf.assumptions;
      return {
        ...state,
        whatIf: {
          ...state.whatIf,
          assumptions: { ...a, [action.section]: { ...a[action.section], [action.key]: action.value } },
        },
      };
    }
    case 'growth':
      return { ...state, growth: { ...state.growth, [action.key]: action.value } };
    case 'holdYears':
      return { ...state, holdYears: action.value };
    case 'strategy':
      return { ...state, strategy: action.value };
    case 'apply':
      return { ...state, whatIf: copyWhatIf(action.whatIf), strategy: action.strategy };
    case 'reset':
      return { ...initialWhatIfState(action.defaults, state.strategy) };
    default:
      return state;
  }
}

/** How many inputs (what-if, growth and hold period) differ from the defaults. */
export function changedInputCount(state: WhatIfState, defaults: WhatIf): number {
  let count = 0;
  const compare = (a: Record<string, number>, b: Record<string, number>) => {
    for (const key of Object.keys(b)) if (a[key] !== b[key]) count++;
  };
  compare(state.whatIf.figures, defaults.figures);
  for (const section of Object.keys(defaults.assumptions) as AssumptionSection[]) {
    compare(state.whatIf.assumptions[section], defaults.assumptions[section]);
  }
  compare(state.growth, DEFAULT_GROWTH);
  if (state.holdYears !== DEFAULT_HOLD_YEARS) count++;
  return count;
}

/** The page's what-if state with typed setters. */
export function useWhatIfState(defaults: WhatIf, strategy?: StrategyKey) {
  const [state, dispatch] = useReducer(whatIfReducer, undefined, () => initialWhatIfState(defaults, strategy));
  const reset = useCallback(() => dispatch({ type: 'reset', defaults }), [defaults]);
  const changed = useMemo(() => changedInputCount(state, defaults), [state, defaults]);
  return { state, dispatch, reset, changed };
}
