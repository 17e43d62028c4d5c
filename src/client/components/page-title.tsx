import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './document-title';

/**
 * Every page's real heading (h2), and the tab's title ("Dashboard — Dealmap"): the heading's text, or
 * `documentTitle` when the heading is not plain text.
 */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  useDocumentTitle(documentTitle ?? (typeof children === 'string' ? children : null));
  return (
    <Typography.Title level={2} className="dm-page-title">
      {children}
    </Typography.Title>
  );
}
