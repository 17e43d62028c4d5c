import { useEffect, useEffectEvent, useState } from 'react';
import toast from 'react-hot-toast';

/** How an awaited run ended, once it has: a success or a failure, in words. */
export interface AwaitedRunOutcome {
  ok: boolean;
  message: string;
}

export interface AwaitedRunOptions<A, S> {
  /** The status poll's interval, for the status and whether a run is awaited. */
  pollInterval: (status: S | undefined, awaiting: boolean) => number;
  /** The awaited run's outcome when the status shows it ended; null while it is to come or under way. */
  outcome: (awaited: A, status: S) => AwaitedRunOutcome | null;
  /** The id of the toast that says how the run went. */
  toastId: string;
  /** How long a run is awaited before it stops being polled fast for. */
  limitMs: number;
  /** Whether limitMs applies to this awaited run; by default it applies to every one. */
  expires?: (awaited: A) => boolean;
  /** Called when an awaited run succeeded, after its toast. */
  onSucceeded?: () => void;
}

export interface AwaitedRun<A, S> {
  /** The status query's polling interval. */
  pollingInterval: number;
  /** Whether a run is awaited. */
  awaiting: boolean;
  /** Awaits the run a click started. */
  startAwaiting: (awaited: A) => void;
  /** Follows the polled status; call it while rendering, right after the status query. */
  follow: (status: S | undefined) => void;
}

/**
 * A run an admin started ("Sync now", "Run now", "Back up now") awaited through its status query:
 * the query polls fast while it is awaited, a toast says how it went once the status shows it
 * ended, and a run that never shows up is not awaited past limitMs.
 */
export function useAwaitedRun<A, S>({
  pollInterval,
  outcome: outcomeOf,
  toastId,
  limitMs,
  expires,
  onSucceeded,
}: AwaitedRunOptions<A, S>): AwaitedRun<A, S> {
  const [awaited, setAwaited] = useState<A | null>(null);
  const [pollingInterval, setPollingInterval] = useState(0);
  const [outcome, setOutcome] = useState<AwaitedRunOutcome | null>(null);

  // Both follow the status (adjusted while rendering, React's pattern for state following a value):
  // the interval, and the awaited run, which ends (and says how it went) when the status shows it ended.
  const follow = (status: S | undefined) => {
    const wanted = pollInterval(status, awaited !== null);
    if (wanted !== pollingInterval) setPollingInterval(wanted);
    const ended = awaited !== null && status ? outcomeOf(awaited, status) : null;
    if (ended) {
      setAwaited(null);
      setOutcome(ended);
    }
  };

  const succeeded = useEffectEvent(() => onSucceeded?.());
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) {
      toast.success(outcome.message, { id: toastId });
      succeeded();
    } else toast.error(outcome.message, { id: toastId });
  }, [outcome, toastId]);

  // A run that never shows up (another server took it) is not awaited forever.
  const expiring = awaited !== null && (expires?.(awaited) ?? true);
  useEffect(() => {
    if (!expiring) return undefined;
    const timer = setTimeout(() => setAwaited(null), limitMs);
    return () => clearTimeout(timer);
  }, [awaited, expiring, limitMs]);

  return { pollingInterval, awaiting: awaited !== null, startAwaiting: setAwaited, follow };
}
