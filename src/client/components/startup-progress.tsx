import { Progress } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { Health } from '../../shared/schemas/health';

const POLL_MS = 1000;
/** Once the server has said it is ready, this page never asks again. */
let serverReady = false;

type StartupView = Pick<Health, 'state' | 'progress'>;

/** The server's start-up state from GET /healthz, asked every second until it is ready. */
export function useServerStartup(): StartupView | null {
  const [view, setView] = useState<StartupView | null>(serverReady ? { state: 'ready', progress: null } : null);
  useEffect(() => {
    if (serverReady) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const response = await fetch('/healthz', { cache: 'no-store' });
        const body = (await response.json()) as { data?: Health };
        if (stopped) return;
        if (body.data) {
          if (body.data.state === 'ready') serverReady = true;
          setView({ state: body.data.state, progress: body.data.progress });
          if (serverReady) return;
        }
      } catch {
        // The server is restarting: ask again.
      }
      if (!stopped) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return view;
}

/** For tests: forget that the server was ready. */
export function resetServerStartup(): void {
  serverReady = false;
}

export const STARTUP_TEXT = {
  title: 'Setting up Dealmap',
  starting: 'Starting the server…',
  seeding: 'Loading the demo market: listings, sold comps and each listing’s investment numbers. This happens once.',
  computing: 'Finishing the comps and investment numbers of listings an interrupted start left behind.',
} as const;

/**
 * The signed-in pages once the server is ready; until then (the first start loading its demo data
 * in the background) a page that says what is happening and how far along it is.
 */
export function StartupGate({ children }: { children: ReactNode }) {
  const view = useServerStartup();
  // Unknown (the first answer is on its way, or /healthz could not be read): show the app.
  if (!view || view.state === 'ready') return <>{children}</>;
  const { progress } = view;
  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;
  return (
    <section className="dm-startup" aria-labelledby="dm-startup-title" data-testid="startup-progress">
      <h2 id="dm-startup-title">{STARTUP_TEXT.title}</h2>
      <p>{STARTUP_TEXT[view.state]}</p>
      {progress ? (
        <div role="status" aria-live="polite">
          <p>
            {progress.step}: {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')}
          </p>
          <Progress percent={percent} aria-label={progress.step} />
        </div>
      ) : null}
      <p className="dm-startup-note">This page moves on by itself when the data is ready.</p>
    </section>
  );
}
