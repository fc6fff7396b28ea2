import { Flex } from 'antd';
import { CategoryTiles } from './home/CategoryTiles';
import { FamilyBlurb } from './home/FamilyBlurb';
import { FeaturedProducts } from './home/FeaturedProducts';
import { HeroCarousel } from './home/HeroCarousel';

/** /shop/home: feature images, categories, the family's promise and the featured toys (docs/product.md, Catalogue). */
export function ShopHomePage() {
  return (
    <Flex vertical gap={48}>
      <HeroCarousel />
      <CategoryTiles />
      <FamilyBlurb />
      <FeaturedProducts />
    </Flex>
  );
}
