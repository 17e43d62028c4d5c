import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { PageTitle } from '../../components/page-title';
import { selectUser } from '../session/session-slice';

export function DashboardPage() {
  const user = useAppSelector(selectUser);
  const name = user?.firstName?.trim() || user?.username || 'there';
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Typography.Paragraph className="dm-lead">Welcome back, {name}.</Typography.Paragraph>
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
