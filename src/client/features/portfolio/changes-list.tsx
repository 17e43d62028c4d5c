import { useId } from 'react';
import { PORTFOLIO_TEXT } from './portfolio-text';

/** "What changed": the server's sentences about where the actuals left the projection. */
export function ChangesList({ changes, testId }: { changes: readonly string[]; testId: string }) {
  const headingId = useId();
  return (
    <section className="dm-portfolio-changes" aria-labelledby={headingId} data-testid={testId}>
      <h4 id={headingId} className="dm-portfolio-subtitle">
        {PORTFOLIO_TEXT.changes}
      </h4>
      {changes.length === 0 ? (
        <p className="dm-portfolio-muted">{PORTFOLIO_TEXT.noChanges}</p>
      ) : (
        <ul>
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
