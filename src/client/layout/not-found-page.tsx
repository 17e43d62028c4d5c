import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="dm-centered-page">
      <div className="dm-result">
        <p className="dm-result-code" aria-hidden="true">
          404
        </p>
        <h1 className="dm-result-title">Page not found</h1>
        <p className="dm-result-text">We couldn&apos;t find that page. It may have moved, or the link may be mistyped.</p>
        <Link to="/">Take me to the start page</Link>
      </div>
    </main>
  );
}

export default NotFoundPage;
