import { Flex, Spin } from 'antd';

export function FullScreenLoader() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-label="Loading">
      <Spin size="large" />
    </Flex>
  );
}
