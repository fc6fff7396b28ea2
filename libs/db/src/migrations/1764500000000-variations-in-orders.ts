import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The variation a shopper chose travels from the cart line to the order item (docs/adr/0022-variations-in-the-cart-and-the-order.md,
 * Variations in the cart and the order). A cart line's variation 0 is "none", so the unique key
 * still holds one such line per product; an order item names its variation, or null, and keeps the
 * label as it was.
 */
export class VariationsInOrders1764500000000 implements MigrationInterface {
  name = 'VariationsInOrders1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The new key is added before the old one goes: the cartId foreign key needs an index at every moment.
    await queryRunner.query(
      `ALTER TABLE \`cart_items\`
        ADD \`variationId\` int UNSIGNED NOT NULL DEFAULT '0',
        ADD UNIQUE INDEX \`cart_items_line\` (\`cartId\`, \`productId\`, \`variationId\`),
        DROP INDEX \`cart_items_product\``,
    );
    await queryRunner.query('ALTER TABLE `order_items` ADD `variationId` int UNSIGNED NULL, ADD `variationLabel` varchar(100) NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // One line per product again: a product's lines merge into its oldest, their quantities summed.
    await queryRunner.query(
      `UPDATE \`cart_items\` kept JOIN (SELECT MIN(\`id\`) AS \`id\`, SUM(\`quantity\`) AS \`quantity\` FROM \`cart_items\` GROUP BY \`cartId\`, \`productId\` HAVING COUNT(*) > 1) merged
        ON merged.\`id\` = kept.\`id\` SET kept.\`quantity\` = merged.\`quantity\``,
    );
    await queryRunner.query(
      'DELETE extra FROM `cart_items` extra JOIN `cart_items` kept ON kept.`cartId` = extra.`cartId` AND kept.`productId` = extra.`productId` AND kept.`id` < extra.`id`',
    );
    await queryRunner.query(
      'ALTER TABLE `cart_items` ADD UNIQUE INDEX `cart_items_product` (`cartId`, `productId`), DROP INDEX `cart_items_line`, DROP COLUMN `variationId`',
    );
    await queryRunner.query('ALTER TABLE `order_items` DROP COLUMN `variationId`, DROP COLUMN `variationLabel`');
  }
}
