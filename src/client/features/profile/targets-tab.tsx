import { Button, Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { OFFER_TARGET_LABELS, offerTargetProblems, offerTargetsOf, type OfferTargets } from '../../../shared/invest';
import { useDraft } from '../../components/use-draft';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session';
import { useUpdateProfileTargetsMutation } from './profile-api';
import { useProfileSave } from './use-profile-save';

/** What each target means, under its field. */
const HELP: Record<keyof OfferTargets, string> = {
  cashOnCashPercent: "Buy & Hold, BRRRR and Short-term Rental: a year's cash flow over the cash in the deal. Default 8%.",
  flipProfitPercent: "Fix'N'Flip: the projected profit as a share of the after-repair value. Default 15%.",
};

const FIELDS = Object.keys(OFFER_TARGET_LABELS) as Array<keyof OfferTargets>;

type Draft = Record<keyof OfferTargets, number | null>;

/**
 * /app/profile/targets: the targets of the max offer (the highest price at which each strategy
 * reaches them, on the map popup and the property page), through PATCH /profile/targets.
 * Each is a percent from 0 to 100, checked here and on the server by the same rule.
 */
export function TargetsTab() {
  const held = offerTargetsOf(useAppSelector(selectUser)?.profile);
  const [draft, setDraft] = useDraft<Draft>(held, `${held.cashOnCashPercent}|${held.flipProfitPercent}`);
  const [problems, setProblems] = useState<Partial<Record<keyof OfferTargets, string>>>({});
  const [update, { isLoading: saving }] = useUpdateProfileTargetsMutation();
  const save = useProfileSave('Offer targets');
  const unchanged = FIELDS.every((key) => draft[key] === held[key]);

  const submit = () => {
    const found = offerTargetProblems(draft);
    setProblems(found);
    if (Object.keys(found).length) return;
    void save(() => update(draft as OfferTargets).unwrap());
  };

  return (
    <section aria-label="Offer targets" className="dm-profile-choices">
      <Typography.Paragraph>
        For each strategy, Dealmap works out the highest price at which the property still reaches your target: the max offer on
        the map and on each property&apos;s page.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={submit} className="dm-targets-form">
        {FIELDS.map((key) => (
          <Form.Item
            key={key}
            label={OFFER_TARGET_LABELS[key]}
            htmlFor={`dm-target-${key}`}
            validateStatus={problems[key] ? 'error' : undefined}
            help={problems[key]}
            extra={HELP[key]}
          >
            <InputNumber
              id={`dm-target-${key}`}
              value={draft[key]}
              step={0.5}
              suffix="%"
              onChange={(value) => {
                setDraft((d) => ({ ...d, [key]: typeof value === 'number' ? value : null }));
                setProblems((p) => ({ ...p, [key]: undefined }));
              }}
              style={{ width: 160 }}
            />
          </Form.Item>
        ))}
        <div className="dm-profile-actions">
          <Button type="primary" htmlType="submit" loading={saving} disabled={unchanged}>
            Save targets
          </Button>
        </div>
      </Form>
    </section>
  );
}
