import { Result } from 'antd';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="dm-centered-page">
      <Result
        status="404"
        title="Page not found"
        subTitle="We couldn't find that page. It may have moved, or the link may be mistyped."
        extra={<Link to="/">Take me to the start page</Link>}
      />
    </main>
  );
}

export default NotFoundPage;
