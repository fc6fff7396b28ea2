import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CATEGORIES } from '@shop/contracts';

/**
 * The catalogue's listing and search: the effective price with the indexes the listing filters and
 * sorts on, and the category label in the FULLTEXT index.
 */
export class CatalogueListingAndSearch1763800000000 implements MigrationInterface {
  name = 'CatalogueListingAndSearch1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `IDX_c3932231d2385ac248d0888d95` ON `products`');
    await queryRunner.query('DROP INDEX `IDX_75895eeb1903f8a17816dafe0a` ON `products`');
    await queryRunner.query('DROP INDEX `products_search` ON `products`');
    // Rows already there get their label below, before the column loses its temporary default.
    await queryRunner.query("ALTER TABLE `products` ADD `categoryLabel` varchar(60) NOT NULL DEFAULT ''");
    await queryRunner.query(
      `UPDATE \`products\` SET \`categoryLabel\` = CASE \`category\` ${CATEGORIES.map(() => 'WHEN ? THEN ?').join(' ')} ELSE \`category\` END`,
      CATEGORIES.flatMap((category) => [category.id, category.label]),
    );
    await queryRunner.query('ALTER TABLE `products` ALTER `categoryLabel` DROP DEFAULT');
    await queryRunner.query('ALTER TABLE `products` ADD `effectivePrice` int UNSIGNED NOT NULL DEFAULT 0');
    await queryRunner.query('UPDATE `products` SET `effectivePrice` = IF(`salePrice` > 0, `salePrice`, `price`)');
    await queryRunner.query('ALTER TABLE `products` ALTER `effectivePrice` DROP DEFAULT');
    await queryRunner.query('CREATE INDEX `products_effective_price` ON `products` (`effectivePrice`)');
    await queryRunner.query('CREATE INDEX `products_category_title` ON `products` (`category`, `title`)');
    await queryRunner.query('CREATE INDEX `products_category_effective_price` ON `products` (`category`, `effectivePrice`)');
    await queryRunner.query('CREATE FULLTEXT INDEX `products_search` ON `products` (`title`, `description`, `categoryLabel`)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX `products_search` ON `products`');
    await queryRunner.query('DROP INDEX `products_category_effective_price` ON `products`');
    await queryRunner.query('DROP INDEX `products_category_title` ON `products`');
    await queryRunner.query('DROP INDEX `products_effective_price` ON `products`');
    await queryRunner.query('ALTER TABLE `products` DROP COLUMN `effectivePrice`');
    await queryRunner.query('ALTER TABLE `products` DROP COLUMN `categoryLabel`');
    await queryRunner.query('CREATE FULLTEXT INDEX `products_search` ON `products` (`title`, `description`)');
    await queryRunner.query('CREATE INDEX `IDX_75895eeb1903f8a17816dafe0a` ON `products` (`price`)');
    await queryRunner.query('CREATE INDEX `IDX_c3932231d2385ac248d0888d95` ON `products` (`category`)');
  }
}
