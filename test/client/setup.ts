import '@testing-library/jest-dom';
import { server } from './msw-server';
import { configure } from '@testing-library/react';

/*
 * The environment is jest-fixed-jsdom (jest.config.ts): jsdom with Node's own fetch, Request, Response,
 * Headers, TextEncoder and streams, which msw intercepts. A browser resolves a relative Request URL
 * against the page; Node's Request does not, so RTK Query's `new Request('/api/v1/...')` is resolved
 * against jsdom's location (http://localhost/) here.
 */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}
globalThis.Request = PageRequest;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const g = globalThis as Record<string, unknown>;

// jsdom lacks matchMedia (Ant Design's responsive helpers and the theme slice use it).
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// Ant Design's form batches work through MessageChannel macrotasks; a timer-based stand-in is enough.
if (!g.MessageChannel) {
  type Handler = ((event: { data: unknown }) => void) | null;
  class ShimPort {
    onmessage: Handler = null;
    other: ShimPort | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {}
    start() {}
  }
  g.MessageChannel = class {
    port1 = new ShimPort();
    port2 = new ShimPort();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}

if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Ant Design asks for pseudo-element styles, which jsdom does not implement.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  originalGetComputedStyle(element, pseudo ? undefined : pseudo);

// findBy*/waitFor wait up to 1 s by default; on a busy 2-core CI machine an Ant Design form's
// validation or a lazy tab can take longer than that to show. A wait only lasts until it succeeds.
configure({ asyncUtilTimeout: 5000 });
