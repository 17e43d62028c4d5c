import { useSyncExternalStore } from 'react';
import { breakpointFor, type BreakpointName } from '../constants';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

export function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => 1024,
  );
}

export function useBreakpoint(): BreakpointName {
  return breakpointFor(useWindowWidth());
}
