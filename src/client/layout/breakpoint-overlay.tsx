import { breakpointFor } from '../constants';
import { useWindowWidth } from '../components/use-window-width';

/** Development aid: the current breakpoint and window width at the bottom-left corner. */
export function BreakpointOverlay() {
  const width = useWindowWidth();
  if (process.env.NODE_ENV === 'production') return null;
  return (
    <div className="dm-breakpoint-overlay" data-testid="breakpoint-overlay" aria-hidden="true">
      {breakpointFor(width)} · {width}px
    </div>
  );
}
