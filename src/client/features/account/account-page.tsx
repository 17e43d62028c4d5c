import { Card, Col, Descriptions, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { normalizeRole } from '../../../shared/roles';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { selectUser } from '../session';
import { ChangePasswordForm } from './change-password-form';
import { UserDetailsForm } from './user-details-form';

/** Role, account and last sign-in: set by an administrator, so shown read-only. */
function Membership() {
  const user = useAppSelector(selectUser);
  if (!user) return null;
  return (
    <Card title="Membership" className="dm-account-card">
      <Descriptions column={{ xs: 1, md: 3 }} size="small">
        <Descriptions.Item label="Role">{normalizeRole(user.role)}</Descriptions.Item>
        <Descriptions.Item label="Account">{user.accountName || '—'}</Descriptions.Item>
        <Descriptions.Item label="Last sign-in">
          {user.lastLogin ? dayjs(user.lastLogin).format('MMM D, YYYY h:mm A') : 'Never'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">An administrator manages your role and account.</Typography.Text>
    </Card>
  );
}

/** /app/account: the user details form and the change password form. */
export function AccountPage() {
  return (
    <>
      <PageTitle>Account</PageTitle>
      <Typography.Paragraph className="dm-lead">Your name, the address you sign in with, and your password.</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <UserDetailsForm />
        </Col>
        <Col xs={24} lg={12}>
          <ChangePasswordForm />
        </Col>
        <Col span={24}>
          <Membership />
        </Col>
      </Row>
    </>
  );
}

export default AccountPage;
