import { Flex, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { Heading } from './Heading';

interface StatusScreenProps {
  status: ResultProps['status'];
  title: string;
  subTitle: ReactNode;
  action: ReactNode;
}

/** A whole screen that only tells where the visitor stands (not found, not allowed, broken): its own main landmark and h1. */
export function StatusScreen({ status, title, subTitle, action }: StatusScreenProps) {
  return (
    <Flex component="main" align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Result
        status={status}
        title={
          <Heading level={1} look={3} style={{ margin: 0 }}>
            {title}
          </Heading>
        }
        subTitle={subTitle}
        extra={action}
      />
    </Flex>
  );
}
