import { Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { isAdmin } from '../../../shared/roles';
import { useMarketCountQuery, useUserCountQuery } from './dashboard-api';
import { useAppSelector } from '../../app/hooks';
import { MapPinIcon, UsersIcon } from '../../components/icons';
import { PageTitle } from '../../components/page-title';
import { selectUser } from '../session';
import './dashboard.css';
import { MarketsCard } from './markets-card';
import { RatesCard } from './rates-card';
import { RecentSearchesCard } from './recent-searches-card';
import { SavedCalculationsCard } from './saved-calculations-card';
import { SavedSearchesCard } from './saved-searches-card';

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
        <Col span={24}>
          <SavedSearchesCard />
        </Col>
        <Col xs={24} lg={12}>
          <MarketsCard />
        </Col>
        <Col xs={24} lg={12}>
          <RecentSearchesCard />
        </Col>
        <Col xs={24} lg={12}>
          <RatesCard />
        </Col>
        <Col span={24}>
          <SavedCalculationsCard />
        </Col>
      </Row>
    </>
  );
}

export default DashboardPage;
