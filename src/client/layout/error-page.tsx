import { Button, Result, Typography } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './not-found-page';

function describe(error: unknown): { message: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { message: `${error.status} ${error.statusText}` };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** Route errorElement: developer details in development, a friendly page in production. */
export function ErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
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
      <Result
        status="error"
        title="Something went wrong on this page"
        subTitle="Reload to try again, or head back to the home page."
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>,
          <Button key="home" href="/">
            Home
          </Button>,
        ]}
      />
      <Typography.Text type="secondary">{message}</Typography.Text>
    </main>
  );
}
