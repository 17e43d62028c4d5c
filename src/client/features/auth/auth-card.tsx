import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card every public form sits in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="dm-auth-page">
      <Card className="dm-auth-card">
        <Typography.Title level={2} className="dm-auth-title">
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
        {children}
      </Card>
    </div>
  );
}
