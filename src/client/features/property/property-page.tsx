import { Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';

export function PropertyPage() {
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle>Property</PageTitle>
      <Typography.Paragraph>
        Property reference: <Typography.Text code>{id}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Full property details, comps and strategy projections arrive with the map search. Meanwhile, start from{' '}
        <Link to="/app/search">Search</Link>.
      </Typography.Paragraph>
    </>
  );
}

export default PropertyPage;
