import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/document-title';

interface AuthCardProps {
  title: string;
  /** The tab's title ("Sign in"). */
  documentTitle: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The centred card every public form sits in. */
export function AuthCard({ title, documentTitle, subtitle, children }: AuthCardProps) {
  useDocumentTitle(documentTitle);
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
