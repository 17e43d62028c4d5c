import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Every page's real heading (h2). */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={2} className="dm-page-title">
      {children}
    </Typography.Title>
  );
}
