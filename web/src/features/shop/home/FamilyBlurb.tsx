import { CustomerServiceOutlined, SafetyCertificateOutlined, StarOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SHOP_NAME } from '../../../app/brand';
import { useScreens } from '../../../app/useScreens';
import { Heading } from '../../../components/Heading';
import { useShopInfo } from '../../shop-info/useShopInfo';
import { SectionTitle } from './SectionTitle';

interface FamilyNote {
  title: string;
  text: string;
  icon: ReactNode;
}

const FAMILY_NOTES: FamilyNote[] = [
  {
    title: 'New Products',
    text: 'Fresh toys, games and party goods arrive every month, picked by our family for yours.',
    icon: <StarOutlined />,
  },
  {
    title: 'Customer Care',
    text: 'Questions about a toy or an order? Call us: a real person from the family answers.',
    icon: <CustomerServiceOutlined />,
  },
  {
    title: 'Secure Checkout',
    text: 'Pay safely with M-Pesa or PayPal, with every price in Kenyan shillings.',
    icon: <SafetyCertificateOutlined />,
  },
];

/** 'Family-first toy haven' and its three notes (docs/product.md, Catalogue). */
export function FamilyBlurb() {
  const { token } = theme.useToken();
  const padding = useScreens().sm ? 24 : 16;
  const { info } = useShopInfo();

  return (
    <section aria-labelledby="family-first" style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding }}>
      <Flex vertical align="center" style={{ textAlign: 'center', marginBottom: 16 }}>
        <SectionTitle id="family-first">Family-first toy haven</SectionTitle>
        <Typography.Text type="secondary" style={{ maxWidth: 560 }}>
          {SHOP_NAME} is a family-run shop{info ? ` at ${info.address}` : ''}. We choose every toy as if it were for our own children.
        </Typography.Text>
      </Flex>
      <Row gutter={[16, 16]}>
        {FAMILY_NOTES.map((note) => (
          <Col key={note.title} xs={24} md={8}>
            <Card variant="borderless" style={{ height: '100%', background: token.colorPrimaryBg }} styles={{ body: { padding } }}>
              <Flex gap={12} align="flex-start">
                <span aria-hidden style={{ fontSize: 28, color: token.colorPrimary, lineHeight: 1 }}>
                  {note.icon}
                </span>
                <div>
                  <Heading level={3} look={4} style={{ marginTop: 0, marginBottom: 4 }}>
                    {note.title}
                  </Heading>
                  <Typography.Text>{note.text}</Typography.Text>
                </div>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
