import { Alert, Button, Checkbox, Empty, Input, Space, Spin, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useDraft } from '../../components/use-draft';
import { errorMessage } from '../../api/base-query';

export interface Choice {
  _id: string;
  label: string;
  description?: string;
}

interface LookupChoicesProps {
  /** 'Markets', 'Interests', 'Strategies'. */
  title: string;
  /** What the choice changes for the user. */
  intro: ReactNode;
  choices: Choice[] | undefined;
  chosen: string[];
  isLoading: boolean;
  error: unknown;
  saving: boolean;
  /** Sends the new set; resolves true when it was saved. */
  onSave: (ids: string[]) => Promise<boolean>;
}

/** Lists longer than this get a filter box. */
const FILTER_FROM = 8;

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/** A checkable list of the active catalogue items, ticked where the profile holds them, with Save. */
export function LookupChoices({ title, intro, choices, chosen, isLoading, error, saving, onSave }: LookupChoicesProps) {
  const lower = title.toLowerCase();
  // Items the profile holds that are no longer offered (made inactive) cannot be saved again.
  const offered = new Set((choices ?? []).map((c) => c._id));
  const heldKey = chosen
    .filter((id) => offered.has(id))
    .sort()
    .join(',');
  const held = useMemo<ReadonlySet<string>>(() => new Set(heldKey ? heldKey.split(',') : []), [heldKey]);
  const retired = chosen.length - held.size;
  // A save (or a fresh load) moves what the profile holds: start again from it.
  const [selected, setSelected] = useDraft(held, heldKey);
  const [filter, setFilter] = useState('');

  if (isLoading) return <Spin aria-label="Loading" />;
  if (error) return <Alert type="error" showIcon role="alert" title={errorMessage(error)} />;
  if (!choices?.length) {
    return <Empty description={`No ${lower} are offered yet. An administrator adds them in Admin Settings.`} />;
  }

  const changed = !sameSet(selected, held) || retired > 0;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? choices.filter((c) => `${c.label} ${c.description ?? ''}`.toLowerCase().includes(needle)) : choices;
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // Catalogue order, so the request is stable.
  const save = () => onSave(choices.filter((c) => selected.has(c._id)).map((c) => c._id));

  return (
    <section aria-label={title} className="dm-profile-choices">
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      {retired > 0 ? (
        <Alert
          type="info"
          showIcon
          className="dm-form-alert"
          title={`${retired} of your ${lower} ${retired === 1 ? 'is' : 'are'} no longer offered and will be removed when you save.`}
        />
      ) : null}
      {choices.length > FILTER_FROM ? (
        <Input.Search
          allowClear
          placeholder={`Filter ${lower}`}
          aria-label={`Filter ${lower}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="dm-inline-search"
        />
      ) : null}
      {shown.length ? (
        <ul className="dm-choice-list">
          {shown.map((choice) => (
            <li key={choice._id}>
              <Checkbox checked={selected.has(choice._id)} onChange={(e) => toggle(choice._id, e.target.checked)}>
                <strong>{choice.label}</strong>
                {choice.description ? <span className="dm-choice-description"> — {choice.description}</span> : null}
              </Checkbox>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">
          No {lower} match “{filter.trim()}”.
        </Typography.Paragraph>
      )}
      <Space wrap>
        <Button type="primary" onClick={() => void save()} loading={saving} disabled={!changed}>
          Save {lower}
        </Button>
        <Button onClick={() => setSelected(held)} disabled={saving || sameSet(selected, held)}>
          Undo changes
        </Button>
        <Typography.Text type="secondary" aria-live="polite">
          {selected.size} of {choices.length} chosen
        </Typography.Text>
      </Space>
    </section>
  );
}
