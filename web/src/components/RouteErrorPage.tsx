import { MESSAGES } from '@shop/contracts';
import { Button, Flex, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.statusText || String(error.status);
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The router's errorElement: the generic text followed by the status text or message (spec §8). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Result
        status="error"
        title={MESSAGES.screens.unexpectedError}
        subTitle={describe(error)}
        extra={
          <Button type="primary" onClick={() => window.location.assign('/')}>
            Reload the shop
          </Button>
        }
      />
    </Flex>
  );
}
