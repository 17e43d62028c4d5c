import { Alert, Card, Col, Descriptions, Row, Segmented, Select, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Strategy } from '../../../shared/api-types';
import { formatCurrency, formatRoi, MISSING } from '../../../shared/format';
import { formatTarget, type MaxOffer, type OfferTargets, type WhatIf, type WhatIfAnalysis } from '../../../shared/invest';
import type { StrategyKey } from '../../../shared/investor-types';
import type { ValueEstimate } from '../../../shared/schemas/property-estimates';
import { DEAL_TEXT, MaxOfferLine, normalizeStrategyName, strategyRows, type PropertyResults } from '../deal';
import {
  bestFit,
  formatMetric,
  RANK_METRICS,
  rankStrategies,
  STRATEGIES,
  strategyName,
  type RankMetric,
  type StrategyRank,
} from '../../../shared/invest/ranking';

const formatRatio = (value: number | null) => (value === null || !Number.isFinite(value) ? MISSING : value.toFixed(2));

/** Figures of the live analysis beyond the spec fields the popup shows. */
function extraRows(key: StrategyKey, a: WhatIfAnalysis): Array<{ label: string; value: string }> {
  switch (key) {
    case 'buyHold':
      return [
        { label: 'Monthly mortgage', value: formatCurrency(a.buyHold.monthlyMortgage, 2) },
        { label: 'Cap rate', value: formatRoi(a.buyHold.capRate) },
        { label: 'DSCR', value: formatRatio(a.buyHold.dscr) },
      ];
    case 'brrrr':
      return [
        { label: 'Monthly mortgage', value: formatCurrency(a.brrrr.monthlyMortgage, 2) },
        { label: 'DSCR', value: formatRatio(a.brrrr.dscr) },
      ];
    case 'fixFlip':
      return [
        { label: 'Return on cash, per year', value: formatRoi(a.fixFlip.annualizedRoi) },
        { label: 'Maximum offer (70% rule)', value: formatCurrency(a.fixFlip.maxAllowableOffer) },
      ];
    case 'shortTerm':
      return [{ label: 'DSCR', value: formatRatio(a.shortTerm.dscr) }];
    default:
      return [];
  }
}

interface StrategyComparisonProps {
  whatIf: WhatIf;
  analysis: WhatIfAnalysis;
  metric: RankMetric;
  onMetric: (metric: RankMetric) => void;
  focus: StrategyKey;
  onFocus: (strategy: StrategyKey) => void;
  catalogue: readonly Strategy[] | undefined;
  profileStrategyIds: readonly string[] | undefined;
  /** Each strategy's max offer at the user's targets, from the same what-if. */
  offers: Record<StrategyKey, MaxOffer>;
  targets: OfferTargets;
  /** The property's value estimate: each max offer is set against it. */
  valueEstimate?: ValueEstimate | null;
}

export const COMPARISON_TEXT = {
  allLose: 'Every strategy loses money at these figures',
  allLoseDetail:
    'None of the four is a fit: each would lose money each year (a flip: on the sale). The max offer on each card is the price at which it would reach your target.',
  loses: 'Loses money',
} as const;

/** The rank tag: "#1 Best fit" (green) for the best fit only; a strategy that loses money says so. */
function rankLabel(rank: StrategyRank, best: StrategyRank | null): { text: string; color?: string } {
  if (best && rank.key === best.key) return { text: '#1 Best fit', color: 'success' };
  if (rank.loses) return { text: `#${rank.rank} · ${COMPARISON_TEXT.loses}`, color: 'red' };
  return { text: `#${rank.rank}` };
}

/** The user's targets, with the way to change them. */
function TargetsNote({ targets }: { targets: OfferTargets }) {
  return (
    <Typography.Paragraph type="secondary" className="dm-metric-note" data-testid="offer-targets">
      Max offers reach your targets: {formatTarget(targets.cashOnCashPercent)} cash-on-cash for the rentals, a profit of{' '}
      {formatTarget(targets.flipProfitPercent)} of ARV for a flip. <Link to="/app/profile/targets">Change your targets</Link>
    </Typography.Paragraph>
  );
}

/** The four strategies side by side, ranked by the chosen metric, from the live what-if analysis. */
export function StrategyComparison(props: StrategyComparisonProps) {
  const { whatIf, analysis, metric, onMetric, focus, onFocus, catalogue, profileStrategyIds, offers, targets, valueEstimate } =
    props;
  const ranks = rankStrategies(metric, analysis, whatIf);
  const def = RANK_METRICS.find((m) => m.key === metric) ?? RANK_METRICS[0];
  const best = bestFit(ranks);
  const live: PropertyResults = {
    BuyHoldResults: analysis.buyHold,
    BRRRRResults: analysis.brrrr,
    FixFlipResults: analysis.fixFlip,
    ShortTermResults: analysis.shortTerm,
  };
  const chosen = new Set(profileStrategyIds ?? []);
  const entryOf = (name: string) => catalogue?.find((s) => normalizeStrategyName(s.name) === normalizeStrategyName(name));

  return (
    <Card title="Compare strategies" className="dm-strategy-comparison">
      <div className="dm-comparison-controls dm-print-hide">
        <label className="dm-inline-field">
          <span>Rank by</span>
          <Select
            aria-label="Rank by"
            value={metric}
            onChange={onMetric}
            options={RANK_METRICS.map((m) => ({ value: m.key, label: m.label }))}
            style={{ minWidth: 200 }}
            data-testid="rank-metric"
          />
        </label>
        <div className="dm-inline-field">
          <span id="dm-focus-label">Strategy in focus</span>
          <Segmented
            aria-labelledby="dm-focus-label"
            value={focus}
            onChange={(value) => onFocus(value)}
            options={STRATEGIES.map((s) => ({ value: s.key, label: s.name }))}
          />
        </div>
      </div>
      {best ? (
        <Typography.Paragraph className="dm-best-fit" data-testid="best-fit">
          Best fit by {def.label.toLowerCase()}: <strong>{strategyName(best.key)}</strong> ({formatMetric(metric, best)}).
        </Typography.Paragraph>
      ) : (
        <Alert
          type="warning"
          showIcon
          className="dm-no-fit"
          data-testid="no-fit"
          title={COMPARISON_TEXT.allLose}
          description={COMPARISON_TEXT.allLoseDetail}
        />
      )}
      <Typography.Paragraph type="secondary" className="dm-metric-note">
        {def.note}
      </Typography.Paragraph>
      <TargetsNote targets={targets} />
      <Row gutter={[12, 12]} className="dm-strategy-grid">
        {STRATEGIES.map((s) => {
          const rank = ranks.find((r) => r.key === s.key)!;
          const entry = entryOf(s.name);
          const rows = [...strategyRows(s.key, live), ...extraRows(s.key, analysis)];
          const isBest = best?.key === s.key;
          const tag = rankLabel(rank, best);
          return (
            <Col key={s.key} xs={24} md={12} xl={6}>
              <Card
                size="small"
                className={`dm-strategy-card${s.key === focus ? ' is-focus' : ''}${isBest ? ' is-best' : ''}`}
                data-testid={`strategy-card-${s.key}`}
                title={s.name}
                extra={
                  <Tag color={tag.color} data-testid="strategy-rank">
                    {tag.text}
                  </Tag>
                }
                onClick={() => onFocus(s.key)}
              >
                <Statistic title={def.label} value={formatMetric(metric, rank)} data-testid="strategy-metric" />
                <MaxOfferLine strategy={s.key} offer={offers[s.key]} targets={targets} valueEstimate={valueEstimate} />
                {entry?.description ? (
                  <Typography.Paragraph type="secondary" className="dm-strategy-description" ellipsis={{ rows: 3 }}>
                    {entry.description}
                  </Typography.Paragraph>
                ) : null}
                {entry && chosen.has(entry._id) ? <Tag className="dm-profile-tag">In your profile</Tag> : null}
                <Descriptions
                  size="small"
                  column={1}
                  className="dm-strategy-rows"
                  items={rows.map((row) => ({ key: row.label, label: row.label, children: row.value }))}
                />
              </Card>
            </Col>
          );
        })}
      </Row>
      <Typography.Paragraph type="secondary" className="dm-disclaimer">
        {DEAL_TEXT.disclaimer}
      </Typography.Paragraph>
    </Card>
  );
}
