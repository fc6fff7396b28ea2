import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every move of a payment's status, as the order's have: from, to, who, why (the payment state machine). */
export class PaymentStatusHistory1764650000000 implements MigrationInterface {
  name = 'PaymentStatusHistory1764650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TABLE `payment_status_history` (`id` int UNSIGNED NOT NULL AUTO_INCREMENT, `paymentId` int UNSIGNED NOT NULL, `fromStatus` enum ('pending', 'paid', 'failed', 'refunded', 'unknown') NOT NULL, `toStatus` enum ('pending', 'paid', 'failed', 'refunded', 'unknown') NOT NULL, `actor` enum ('provider', 'shopper', 'admin', 'expiry', 'checkout') NOT NULL, `changedByUserId` int UNSIGNED NULL, `reason` varchar(255) NOT NULL DEFAULT '', `createdAt` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), PRIMARY KEY (`id`)) ENGINE=InnoDB",
    );
    await queryRunner.query(
      'ALTER TABLE `payment_status_history` ADD CONSTRAINT `FK_35fccd7ab629169fcc761d65e2a` FOREIGN KEY (`paymentId`) REFERENCES `payments`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `payment_status_history` ADD CONSTRAINT `FK_d3b5ebe5218ccf4f73aa8dd8333` FOREIGN KEY (`changedByUserId`) REFERENCES `users`(`id`) ON DELETE SET NULL ON UPDATE NO ACTION',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `payment_status_history`');
  }
}
