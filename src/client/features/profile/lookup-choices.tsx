import { Alert, Checkbox, Empty, Spin, Typography } from 'antd';
import { errorMessage } from '../../api/base-query';

export interface Choice {
  _id: string;
  label: string;
  description?: string;
}

interface LookupChoicesProps {
  title: string;
  choices: Choice[] | undefined;
  chosen: string[];
  isLoading: boolean;
  error: unknown;
}

/** A read-only checkable list of active lookup items, ticked where the profile holds them. */
export function LookupChoices({ title, choices, chosen, isLoading, error }: LookupChoicesProps) {
  if (isLoading) return <Spin aria-label="Loading" />;
  if (error) return <Alert type="error" showIcon title={errorMessage(error)} />;
  if (!choices?.length) return <Empty description={`No ${title.toLowerCase()} are available yet.`} />;
  const held = new Set(chosen);
  return (
    <section aria-label={title}>
      <Typography.Paragraph type="secondary">
        Ticked items are on your profile. Choosing and saving {title.toLowerCase()} here arrives in a coming update;
        for now this list is read-only.
      </Typography.Paragraph>
      <ul className="dm-choice-list">
        {choices.map((choice) => (
          <li key={choice._id}>
            <Checkbox checked={held.has(choice._id)} disabled>
              <strong>{choice.label}</strong>
              {choice.description ? <span className="dm-choice-description"> — {choice.description}</span> : null}
            </Checkbox>
          </li>
        ))}
      </ul>
    </section>
  );
}
