import { useMemo, useState, type Dispatch } from 'react';
import type { Rate, Strategy } from '../../../shared/api-types';
import { analyzeWhatIf, type MaxOffer, type OfferTargets } from '../../../shared/invest';
import { DEFAULT_METRIC, type RankMetric } from '../../../shared/invest/ranking';
import type { StrategyKey } from '../../../shared/investor-types';
import type { ValueEstimate } from '../../../shared/schemas/property-estimates';
import { BreakEvenCard } from './break-even-card';
import { AssumptionsUsed } from './print-report';
import { ProjectionSection, type ProjectedStrategy } from './projection-section';
import { StrategyComparison } from './strategy-comparison';
import type { WhatIfAction, WhatIfState } from './what-if-state';

export const isRental = (s: StrategyKey): s is ProjectedStrategy => s === 'buyHold' || s === 'brrrr';

interface AnalysisSectionsProps {
  state: WhatIfState;
  dispatch: Dispatch<WhatIfAction>;
  targets: OfferTargets;
  /** maxOffers(state.whatIf, targets): the page shows the one in focus too. */
  offers: Record<StrategyKey, MaxOffer>;
  catalogue: readonly Strategy[] | undefined;
  profileStrategyIds: readonly string[] | undefined;
  valueEstimate: ValueEstimate | null | undefined;
  latestRate: Rate | null;
  /** The rental strategy the projection shows; a rental strategy brought into focus becomes it. */
  projected: ProjectedStrategy;
  onProjected: (strategy: ProjectedStrategy) => void;
}

/**
 * The analysis's results at the inputs of `state`: the four strategies compared, the break-even rate,
 * the projection and the inputs used (printed). The property page's and a shared report's.
 */
export function AnalysisSections({
  state,
  dispatch,
  targets,
  offers,
  catalogue,
  profileStrategyIds,
  valueEstimate,
  latestRate,
  projected,
  onProjected,
}: AnalysisSectionsProps) {
  const analysis = useMemo(() => analyzeWhatIf(state.whatIf), [state.whatIf]);
  const [metric, setMetric] = useState<RankMetric>(DEFAULT_METRIC);
  return (
    <>
      <StrategyComparison
        whatIf={state.whatIf}
        analysis={analysis}
        metric={metric}
        onMetric={setMetric}
        focus={state.strategy}
        onFocus={(strategy) => {
          dispatch({ type: 'strategy', value: strategy });
          if (isRental(strategy)) onProjected(strategy);
        }}
        catalogue={catalogue}
        profileStrategyIds={profileStrategyIds}
        offers={offers}
        targets={targets}
        valueEstimate={valueEstimate}
      />
      <BreakEvenCard
        analysis={analysis}
        ratePercent={state.whatIf.assumptions.financing.interestRatePercent}
        latestRate={latestRate}
      />
      <ProjectionSection
        whatIf={state.whatIf}
        growth={state.growth}
        holdYears={state.holdYears}
        strategy={projected}
        onStrategy={onProjected}
        dispatch={dispatch}
      />
      <AssumptionsUsed whatIf={state.whatIf} growth={state.growth} holdYears={state.holdYears} />
    </>
  );
}
