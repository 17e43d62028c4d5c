import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useDocumentTitle } from '../components/document-title';
import { NotFoundPage } from './not-found-page';

function describe(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}` };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** Route errorElement: developer details in development, a friendly page in production. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The not-found page names itself.
  useDocumentTitle(notFound ? 'Page not found' : 'Something went wrong');
  if (notFound) return <NotFoundPage />;
  const { message, stack } = describe(error);

  if (process.env.NODE_ENV !== 'production') {
    return (
      <main className="dm-dev-error">
        <h2>Unexpected Application Error!</h2>
        <h3 className="dm-dev-error-message">{message}</h3>
        {stack ? <pre className="dm-dev-error-stack">{stack}</pre> : null}
      </main>
    );
  }

  return (
    <main className="dm-centered-page">
      <div className="dm-result">
        <h1 className="dm-result-title">Something went wrong on this page</h1>
        <p className="dm-result-text">Reload to try again, or head back to the home page.</p>
        <div className="dm-result-actions">
          <button type="button" className="dm-button dm-button-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="dm-button" href="/">
            Home
          </a>
        </div>
        <p className="dm-result-detail">{message}</p>
      </div>
    </main>
  );
}
