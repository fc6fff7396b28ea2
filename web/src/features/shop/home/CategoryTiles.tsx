import { Card, Col, Flex, Row, theme, Typography } from 'antd';
import { CATEGORIES } from '@shop/contracts';
import { useScreens } from '../../../app/useScreens';
import { categoryColours, CategoryIcon } from './category-icons';
import { ListingLink } from './ListingLink';
import { SectionTitle } from './SectionTitle';

/** 'Shop by category': the ten categories as tiles, each opening the listing on that category (docs/product.md, Catalogue). */
export function CategoryTiles() {
  const { token } = theme.useToken();
  // Side by side on a phone: ten stacked tiles would fill three screens before the toys.
  const isPhone = useScreens().sm !== true;
  const badgeSize = isPhone ? 40 : 64;

  return (
    <section aria-labelledby="shop-by-category">
      <SectionTitle id="shop-by-category">Shop by category</SectionTitle>
      <Row gutter={[16, 16]}>
        {CATEGORIES.map((category) => {
          const colours = categoryColours(category.id, token);
          return (
            <Col key={category.id} xs={12} sm={8} md={6} lg={{ flex: '20%' }}>
              <ListingLink category={category.id} style={{ display: 'block', height: '100%' }}>
                <Card hoverable style={{ height: '100%' }} styles={{ body: { padding: isPhone ? 12 : 16, height: '100%' } }}>
                  <Flex vertical={!isPhone} align="center" gap={12} style={{ textAlign: isPhone ? 'start' : 'center', height: '100%' }}>
                    <Flex
                      align="center"
                      justify="center"
                      aria-hidden
                      style={{
                        flexShrink: 0,
                        width: badgeSize,
                        height: badgeSize,
                        borderRadius: '50%',
                        background: colours.background,
                        color: colours.foreground,
                        fontSize: badgeSize / 2,
                      }}
                    >
                      <CategoryIcon category={category.id} />
                    </Flex>
                    <Typography.Text strong>{category.label}</Typography.Text>
                  </Flex>
                </Card>
              </ListingLink>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
