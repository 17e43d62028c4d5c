import { Alert, Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/base-query';

interface DashboardCardProps {
  title: string;
  icon: ReactNode;
  /** The card's query: a skeleton while loading, the error with a retry when it failed. */
  query: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  /** True when there is nothing to list: `empty` is shown instead of `children`. */
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

/** One dashboard list: loading, failure (with Try again), an empty state that says what to do, or the list. */
export function DashboardCard({ title, icon, query, isEmpty, empty, children }: DashboardCardProps) {
  let body: ReactNode;
  if (query.isLoading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (query.error) {
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={errorMessage(query.error)}
        action={<Button onClick={() => query.refetch()}>Try again</Button>}
      />
    );
  } else body = isEmpty ? empty : children;
  return (
    <Card
      title={
        <span className="dm-card-title">
          {icon} {title}
        </span>
      }
      className="dm-dashboard-card"
    >
      {body}
    </Card>
  );
}
