import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { installFetchPolyfill } from './fetch-polyfill';

installFetchPolyfill();

// react-router needs TextEncoder, which Jest's jsdom environment does not expose.
const g = globalThis as Record<string, unknown>;
if (!g.TextEncoder) g.TextEncoder = TextEncoder;
if (!g.TextDecoder) g.TextDecoder = TextDecoder;

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
