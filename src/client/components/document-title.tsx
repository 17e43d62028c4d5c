import { useEffect } from 'react';

/** The product's name, last in every document title. */
export const APP_NAME = 'Dealmap';

/** "Search — Dealmap", "123 Main St, Austin, TX 78701 — Dealmap"; just "Dealmap" without a part. */
export function documentTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.filter((p): p is string => !!p && p.trim() !== ''), APP_NAME].join(' — ');
}

/**
 * Sets the tab's title for the page that calls it. Every route's page calls it once (shells never
 * do), so the title always names the page shown. (A React 19 <title> would be appended after the
 * static one index.html carries for the first paint, which the browser keeps using.)
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/** useDocumentTitle as an element, for pages that are plain markup. */
export function DocumentTitle({ title }: { title?: string | null }): null {
  useDocumentTitle(title);
  return null;
}
