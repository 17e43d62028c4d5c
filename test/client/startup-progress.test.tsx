import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { resetServerStartup, STARTUP_TEXT, StartupGate } from '../../src/client/components/startup-progress';
import { server } from './msw-server';

afterEach(() => resetServerStartup());

describe("the first start's progress page", () => {
  it('shows what the server is doing and how far, then the app once the server is ready', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let answer: Record<string, unknown> = {
        data: { status: 'ok', state: 'seeding', progress: { step: 'Loading demo listings', done: 4000, total: 40000 } },
      };
      let asked = 0;
      server.use(
        http.get('*/healthz', () => {
          asked += 1;
          return HttpResponse.json(answer);
        }),
      );
      render(
        <StartupGate>
          <p>The dashboard</p>
        </StartupGate>,
      );
      expect(await screen.findByRole('heading', { name: STARTUP_TEXT.title })).toBeInTheDocument();
      expect(screen.getByText(STARTUP_TEXT.seeding)).toBeInTheDocument();
      expect(screen.getByText('Loading demo listings: 4,000 of 40,000')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Loading demo listings' })).toHaveAttribute('aria-valuenow', '10');
      expect(screen.queryByText('The dashboard')).toBeNull();

      answer = { data: { status: 'ok', state: 'ready', progress: null } };
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1100);
      });
      expect(await screen.findByText('The dashboard')).toBeInTheDocument();
      const afterReady = asked;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5000);
      });
      expect(asked).toBe(afterReady);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the app when the server is ready from the start', async () => {
    render(
      <StartupGate>
        <p>The dashboard</p>
      </StartupGate>,
    );
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
  });
});
