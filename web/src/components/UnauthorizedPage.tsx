import { MESSAGES } from '@shop/contracts';
import { Flex, Result } from 'antd';
import { HomeButton } from './HomeButton';

export function UnauthorizedPage() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Result status="403" title={MESSAGES.screens.unauthorized} subTitle="Error 403" extra={<HomeButton />} />
    </Flex>
  );
}
