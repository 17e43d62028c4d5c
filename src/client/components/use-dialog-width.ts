import { BREAKPOINTS, DIALOG_WIDTHS } from '../constants';
import { useWindowWidth } from './use-window-width';

/** Dialog width: 600 / 800 / 900 px from sm / lg / xl, nearly full width below sm. */
export function useDialogWidth(): number | string {
  const width = useWindowWidth();
  if (width >= BREAKPOINTS.xl) return DIALOG_WIDTHS.xl;
  if (width >= BREAKPOINTS.lg) return DIALOG_WIDTHS.lg;
  if (width >= BREAKPOINTS.sm) return DIALOG_WIDTHS.sm;
  return 'calc(100vw - 24px)';
}

/** Dialogs never exceed 90 % of the viewport height: the body scrolls. */
export const DIALOG_BODY_STYLE = { maxHeight: 'calc(90vh - 140px)', overflowY: 'auto' as const };
