import { Button, Radio, Space, Typography } from 'antd';
import { useDraft } from '../../components/use-draft';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../../../shared/investor-types';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session';
import { useUpdateProfileExperienceMutation } from './profile-api';
import { useProfileSave } from './use-profile-save';

/** The radio value standing for "not recorded" (the call sends null). */
const NONE = 'none';
type Choice = ExperienceLevel | typeof NONE;

const isLevel = (value: unknown): value is ExperienceLevel => EXPERIENCE_LEVELS.some((l) => l.id === value);

/** /app/profile/experience: one of EXPERIENCE_LEVELS, or none, through PATCH /profile/experience. */
export function ExperienceTab() {
  const user = useAppSelector(selectUser);
  const recorded = user?.profile?.experience;
  const held: Choice = isLevel(recorded) ? recorded : NONE;
  const [choice, setChoice] = useDraft<Choice>(held, held);
  const [update, { isLoading: saving }] = useUpdateProfileExperienceMutation();
  const save = useProfileSave('Experience');

  return (
    <section aria-label="Experience" className="dm-profile-choices">
      <Typography.Paragraph>
        How much investing have you done? Your experience is recorded on your profile so the people you work with know where to
        start.
      </Typography.Paragraph>
      <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as Choice)} aria-label="Investing experience">
        <Space orientation="vertical">
          {EXPERIENCE_LEVELS.map((level) => (
            <Radio key={level.id} value={level.id}>
              <strong>{level.label}</strong>
              <span className="dm-choice-description"> — {level.description}</span>
            </Radio>
          ))}
          <Radio value={NONE}>
            <strong>Prefer not to say</strong>
          </Radio>
        </Space>
      </Radio.Group>
      <div className="dm-profile-actions">
        <Button
          type="primary"
          loading={saving}
          disabled={choice === held}
          onClick={() => void save(() => update(choice === NONE ? null : choice).unwrap())}
        >
          Save experience
        </Button>
      </div>
    </section>
  );
}
