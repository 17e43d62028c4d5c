import { Typography } from 'antd';
import { useAppSelector } from '../../app/hooks';
import { selectUser } from '../session/session-slice';

export function ExperienceTab() {
  const user = useAppSelector(selectUser);
  const experience = user?.profile?.experience;
  return (
    <section aria-label="Experience">
      {experience ? (
        <Typography.Paragraph>
          Your investing experience: <strong>{experience}</strong>
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph>Your profile does not record your investing experience yet.</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">Editing your experience arrives in a coming update.</Typography.Paragraph>
    </section>
  );
}

export function ProfileContactsTab() {
  return (
    <section aria-label="Profile contacts">
      <Typography.Paragraph>
        The people connected to your profile, such as your agent, will be listed here.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">There are no connected contacts yet.</Typography.Paragraph>
    </section>
  );
}
