import { useEffect, useRef } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_LIMIT, TOAST_POSITION, TOAST_WIDTH_PX } from '../constants';

/** Dismisses the oldest visible toasts beyond `limit` (the store lists the newest first). */
export function useToastLimit(limit: number = TOAST_LIMIT): void {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .filter((_, index) => index >= limit)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts, limit]);
}

/** The app's toasts: top-centre, 4 s, 356 px wide, 14 px apart, at most 3, Alt+T focuses them. */
export function AppToaster() {
  useToastLimit(TOAST_LIMIT);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === 't' || event.key === 'T' || event.code === 'KeyT')) {
        event.preventDefault();
        const first = region.current?.querySelector<HTMLElement>('[role="status"], [role="alert"]');
        (first ?? region.current)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section ref={region} aria-label="Notifications (Alt+T)" tabIndex={-1} className="dm-toast-region">
      <Toaster
        position={TOAST_POSITION}
        gutter={TOAST_GAP_PX}
        toastOptions={{
          duration: TOAST_DURATION_MS,
          style: { width: TOAST_WIDTH_PX, maxWidth: TOAST_WIDTH_PX },
          ariaProps: { role: 'status', 'aria-live': 'polite' },
        }}
      />
    </section>
  );
}

export default AppToaster;
