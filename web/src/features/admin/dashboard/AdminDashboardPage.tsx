import '../../../styles/antd/admin.css';
import {
  AppstoreOutlined,
  CarOutlined,
  ShoppingCartOutlined,
  StopOutlined,
  TeamOutlined,
  WalletOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatKes, ROUTES } from '@shop/contracts';
import { messageOfFailure } from '../../../app/shop.api';
import { LoadFailureAlert } from '../../../components/LoadFailureAlert';
import { AdminPageHeading } from '../AdminPageHeading';
import { useGetDashboardQuery } from './dashboard.api';

interface Figure {
  title: string;
  value: number | string | undefined;
  icon: ReactNode;
  link?: string;
}

/** Today's shop at a glance: orders and money first, then the shelves and the shoppers. */
export function AdminDashboardPage() {
  // Read afresh each time the dashboard opens.
  const { data: summary, isLoading, isFetching, error, refetch } = useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: true });

  const figures: Figure[] = [
    { title: 'Orders today', value: summary?.ordersToday, icon: <ShoppingCartOutlined />, link: ROUTES.adminOrders },
    {
      title: 'Paid today',
      value: summary ? formatKes(summary.paidTodayKes) : undefined,
      icon: <WalletOutlined />,
      link: ROUTES.adminOrders,
    },
    { title: 'To ship', value: summary?.ordersToShip, icon: <CarOutlined />, link: ROUTES.adminOrders },
    { title: 'Products', value: summary?.products, icon: <AppstoreOutlined />, link: ROUTES.adminProducts },
    { title: 'Low stock (under 10)', value: summary?.lowStockProducts, icon: <WarningOutlined />, link: ROUTES.adminProducts },
    { title: 'Out of stock', value: summary?.outOfStockProducts, icon: <StopOutlined />, link: ROUTES.adminProducts },
    { title: 'Shoppers', value: summary?.shoppers, icon: <TeamOutlined /> },
  ];

  return (
    <>
      <AdminPageHeading>Dashboard</AdminPageHeading>
      <LoadFailureAlert error={messageOfFailure(error)} onRetry={() => void refetch()} retrying={isFetching} />
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col key={figure.title} xs={12} md={8} xl={6}>
            <Card loading={isLoading} style={{ height: '100%' }}>
              <Statistic title={figure.title} value={figure.value ?? '–'} prefix={figure.icon} />
              {figure.link && (
                <Typography.Text type="secondary">
                  <Link to={figure.link}>View</Link>
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
