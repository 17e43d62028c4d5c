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
        Full property details, comps and strategy projections arrive with the map. Meanwhile,{' '}
        <Link to="/app/search">find a deal on the map page</Link>.
      </Typography.Paragraph>
    </>
  );
}

export default PropertyPage;
