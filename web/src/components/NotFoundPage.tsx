import { MESSAGES } from '@shop/contracts';
import { Flex, Result } from 'antd';
import { HomeButton } from './HomeButton';

export function NotFoundPage() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Result status="404" title={MESSAGES.screens.notFound} subTitle="Error 404" extra={<HomeButton />} />
    </Flex>
  );
}
