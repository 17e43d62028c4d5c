import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { isAdmin } from '../../../shared/roles';
import { useMarketCountQuery, useUserCountQuery } from '../../api/auth-api';
import { useAppSelector } from '../../app/hooks';
import { MapPinIcon, UsersIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { selectUser } from '../session/session-slice';

/** Admins only: GET /auth/userCount and /auth/marketCount (never called for other roles). */
export function AdminCounts() {
  const users = useUserCountQuery();
  const markets = useMarketCountQuery();
  return (
    <Row gutter={[16, 16]} className="dm-admin-counts">
      <Col xs={24} sm={12}>
        <Card>
          <Statistic
            title={<Link to="/app/adminSettings/users">Users</Link>}
            value={users.error ? '—' : (users.data ?? 0)}
            loading={users.isLoading}
            prefix={<UsersIcon />}
          />
        </Card>
      </Col>
      <Col xs={24} sm={12}>
        <Card>
          <Statistic
            title={<Link to="/app/adminSettings/markets">Markets</Link>}
            value={markets.error ? '—' : (markets.data ?? 0)}
            loading={markets.isLoading}
            prefix={<MapPinIcon />}
          />
        </Card>
      </Col>
    </Row>
  );
}

export function DashboardPage() {
  const user = useAppSelector(selectUser);
  const name = user?.firstName?.trim() || user?.username || 'there';
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Typography.Paragraph className="dm-lead">Welcome back, {name}.</Typography.Paragraph>
      {isAdmin(user?.role) ? <AdminCounts /> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title="Find a deal">
            <Typography.Paragraph>
              Search a city, state or ZIP code and compare listings with their sold comps.
            </Typography.Paragraph>
            <Link to="/app/search">Find a deal</Link>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title="Tune your profile">
            <Typography.Paragraph>
              Review the markets, interests and strategies that shape what Dealmap shows you.
            </Typography.Paragraph>
            <Link to="/app/profile">Review your investment choices</Link>
          </Card>
        </Col>
      </Row>
    </>
  );
}

export default DashboardPage;
