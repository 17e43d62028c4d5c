import dayjs from 'dayjs';

/**
 * A moment as the admin screens show it, in the browser's time zone: 'Nov 25, 2026 2:05 PM';
 * `none` (default 'Never') when there is none.
 */
export function formatInstant(iso: string | null | undefined, none = 'Never'): string {
  return iso ? dayjs(iso).format('MMM D, YYYY h:mm A') : none;
}
