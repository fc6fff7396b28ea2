import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One owner of order transitions (docs/orders.md): the stock ledger, opened with each product's
 * sellable units as they stand; the stock form's version; who moved each order; and the column
 * whose unique index keeps a shopper to one pending order. `stockReleasedAt` goes: whether an
 * order holds its units now follows from its status, and the ledger shows every move.
 */
export class OrderTransitions1764400000000 implements MigrationInterface {
  name = 'OrderTransitions1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`stock_movements\` (
        \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT,
        \`productId\` int UNSIGNED NOT NULL,
        \`orderId\` int UNSIGNED NULL,
        \`delta\` int NOT NULL,
        \`kind\` enum ('opening','reserved','released','counted') NOT NULL,
        \`actor\` enum ('shopper','admin','payment','expiry') NULL,
        \`byUserId\` int UNSIGNED NULL,
        \`reason\` varchar(255) NOT NULL DEFAULT '',
        \`createdAt\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        INDEX \`stock_movements_order\` (\`orderId\`),
        INDEX \`stock_movements_product\` (\`productId\`, \`id\`),
        PRIMARY KEY (\`id\`),
        CONSTRAINT \`stock_movements_product_fk\` FOREIGN KEY (\`productId\`) REFERENCES \`products\` (\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION,
        CONSTRAINT \`stock_movements_order_fk\` FOREIGN KEY (\`orderId\`) REFERENCES \`orders\` (\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION,
        CONSTRAINT \`stock_movements_user_fk\` FOREIGN KEY (\`byUserId\`) REFERENCES \`users\` (\`id\`) ON DELETE SET NULL ON UPDATE NO ACTION
      ) ENGINE=InnoDB`,
    );
    // Closed orders hold no units now: a rejected paid order's, which the shop used to keep off the shelf, go back first.
    await queryRunner.query(
      "UPDATE `products` `product` JOIN (SELECT `item`.`productId`, SUM(`item`.`quantity`) AS `units` FROM `order_items` `item` JOIN `orders` `order` ON `order`.`id` = `item`.`orderId` WHERE `order`.`orderStatus` IN ('cancelled','rejected') AND `order`.`stockReleasedAt` IS NULL GROUP BY `item`.`productId`) `kept` ON `kept`.`productId` = `product`.`id` SET `product`.`totalStock` = `product`.`totalStock` + `kept`.`units`",
    );
    await queryRunner.query(
      "INSERT INTO `stock_movements` (`productId`, `delta`, `kind`, `reason`) SELECT `id`, `totalStock`, 'opening', 'Stock when the ledger began' FROM `products`",
    );
    await queryRunner.query('ALTER TABLE `products` ADD `stockVersion` int UNSIGNED NOT NULL DEFAULT 0');
    await queryRunner.query("ALTER TABLE `order_status_history` ADD `actor` enum ('shopper','admin','payment','expiry') NULL");
    await queryRunner.query('ALTER TABLE `orders` ADD `pendingForUserId` int UNSIGNED NULL');
    // Shoppers with several pending orders from before keep only their newest one pending-by-index; the older ones expire as before.
    await queryRunner.query(
      "UPDATE `orders` `order` SET `pendingForUserId` = `userId` WHERE `orderStatus` = 'pending' AND NOT EXISTS (SELECT 1 FROM (SELECT `id`, `userId` FROM `orders` WHERE `orderStatus` = 'pending') `newer` WHERE `newer`.`userId` = `order`.`userId` AND `newer`.`id` > `order`.`id`)",
    );
    await queryRunner.query('CREATE UNIQUE INDEX `orders_one_pending_per_shopper` ON `orders` (`pendingForUserId`)');
    await queryRunner.query('ALTER TABLE `orders` DROP COLUMN `stockReleasedAt`');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `orders` ADD `stockReleasedAt` datetime(3) NULL');
    await queryRunner.query("UPDATE `orders` SET `stockReleasedAt` = NOW(3) WHERE `orderStatus` IN ('cancelled','rejected')");
    await queryRunner.query('DROP INDEX `orders_one_pending_per_shopper` ON `orders`');
    await queryRunner.query('ALTER TABLE `orders` DROP COLUMN `pendingForUserId`');
    await queryRunner.query('ALTER TABLE `order_status_history` DROP COLUMN `actor`');
    await queryRunner.query('ALTER TABLE `products` DROP COLUMN `stockVersion`');
    await queryRunner.query('DROP TABLE `stock_movements`');
  }
}
