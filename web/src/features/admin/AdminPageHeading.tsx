import { Typography } from 'antd';

export function AdminPageHeading({ children }: { children: string }) {
  return (
    <Typography.Title level={3} style={{ marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
