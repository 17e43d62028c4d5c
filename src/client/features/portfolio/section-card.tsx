import { Card } from 'antd';
import { useId, type ReactNode } from 'react';

/** A card whose title is a real heading (h3, under the page's h2). */
export function SectionCard({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card
      className="dm-portfolio-section"
      size="small"
      title={
        <h3 id={id} className="dm-portfolio-section-title">
          {title}
        </h3>
      }
      extra={extra}
    >
      <section aria-labelledby={id}>{children}</section>
    </Card>
  );
}
