import { Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import { normalizeRole } from '../../../shared/roles';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { selectUser } from '../session/session-slice';

export function AccountPage() {
  const user = useAppSelector(selectUser);
  return (
    <>
      <PageTitle>Account</PageTitle>
      {user ? (
        <Descriptions bordered column={1} size="middle" className="dm-account-details">
          <Descriptions.Item label="First name">{user.firstName || '—'}</Descriptions.Item>
          <Descriptions.Item label="Last name">{user.lastName || '—'}</Descriptions.Item>
          <Descriptions.Item label="Username/email">{user.username}</Descriptions.Item>
          <Descriptions.Item label="Role">{normalizeRole(user.role)}</Descriptions.Item>
          <Descriptions.Item label="Account">{user.accountName || '—'}</Descriptions.Item>
          <Descriptions.Item label="Last sign-in">
            {user.lastLogin ? dayjs(user.lastLogin).format('MMM D, YYYY h:mm A') : 'Never'}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Paragraph type="secondary" className="dm-note">
        Editing your details and changing your password from this page arrive in a coming update. Until then you can
        choose a new password with the Forgot Password link on the sign-in page.
      </Typography.Paragraph>
    </>
  );
}

export default AccountPage;
