import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shop/contracts';
import { StatusScreen } from './StatusScreen';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The router's errorElement: the generic text followed by the status text or message (docs/product.md, Web routes). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <StatusScreen
      standing="error"
      title={MESSAGES.screens.unexpectedError}
      subTitle={describe(error)}
      action={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          Reload the shop
        </Button>
      }
    />
  );
}
