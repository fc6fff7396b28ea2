import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Money an admin records by hand on an order's payment, and the one refund a payment may have (docs/orders.md). */
export class OfflinePaymentsAndRefunds1764450000000 implements MigrationInterface {
  name = 'OfflinePaymentsAndRefunds1764450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`payments\`
        ADD \`offlineMethod\` enum ('cash','mpesaTill','bankTransfer') NULL,
        ADD \`offlineReference\` varchar(100) NULL,
        ADD \`offlineNote\` varchar(500) NOT NULL DEFAULT '',
        ADD \`recordedByUserId\` int UNSIGNED NULL,
        ADD \`refundedAmount\` int UNSIGNED NULL,
        ADD \`refundReference\` varchar(100) NULL,
        ADD \`refundedAt\` datetime(3) NULL,
        ADD \`refundedByUserId\` int UNSIGNED NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `payments` DROP COLUMN `offlineMethod`, DROP COLUMN `offlineReference`, DROP COLUMN `offlineNote`, DROP COLUMN `recordedByUserId`, DROP COLUMN `refundedAmount`, DROP COLUMN `refundReference`, DROP COLUMN `refundedAt`, DROP COLUMN `refundedByUserId`',
    );
  }
}
