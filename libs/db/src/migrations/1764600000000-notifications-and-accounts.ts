import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications and accounts: the messages sent about orders, each keyed once per (event, channel, recipient); the
 * e-mailed links' tokens, stored hashed; and the account's phone, message choices and deletion.
 */
export class NotificationsAndAccounts1764600000000 implements MigrationInterface {
  name = 'NotificationsAndAccounts1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "CREATE TABLE `notifications` (`createdAt` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), `updatedAt` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3), `id` int UNSIGNED NOT NULL AUTO_INCREMENT, `outboxEventId` int UNSIGNED NOT NULL, `kind` varchar(40) NOT NULL, `channel` enum ('sms', 'email') NOT NULL, `recipient` varchar(254) NOT NULL, `orderId` int UNSIGNED NULL, `userId` int UNSIGNED NULL, `state` enum ('pending', 'sending', 'sent', 'failed') NOT NULL, `attempts` smallint UNSIGNED NOT NULL DEFAULT '0', `lastError` varchar(500) NULL, `providerMessageId` varchar(255) NULL, `sentAt` datetime(3) NULL, `deliveryStatus` varchar(40) NULL, `deliveryFailureReason` varchar(100) NULL, `deliveryReportedAt` datetime(3) NULL, INDEX `notifications_order` (`orderId`), INDEX `notifications_provider_message` (`providerMessageId`), INDEX `notifications_abandoned` (`state`, `updatedAt`), UNIQUE INDEX `notifications_once` (`outboxEventId`, `channel`, `recipient`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
    );
    await queryRunner.query(
      "CREATE TABLE `account_tokens` (`id` int UNSIGNED NOT NULL AUTO_INCREMENT, `userId` int UNSIGNED NOT NULL, `purpose` enum ('emailVerification', 'passwordReset') NOT NULL, `tokenHash` char(64) NOT NULL, `expiresAt` datetime(3) NOT NULL, `usedAt` datetime(3) NULL, `createdAt` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3), INDEX `account_tokens_user_purpose` (`userId`, `purpose`), INDEX `account_tokens_expiry` (`expiresAt`), UNIQUE INDEX `account_tokens_hash` (`tokenHash`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
    );
    await queryRunner.query(
      'ALTER TABLE `account_tokens` ADD CONSTRAINT `account_tokens_user_fk` FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `users` ADD `phone` varchar(12) NULL, ADD `notifyBySms` tinyint NOT NULL DEFAULT 1, ADD `notifyByEmail` tinyint NOT NULL DEFAULT 1, ADD `deletedAt` datetime(3) NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `users` DROP COLUMN `deletedAt`, DROP COLUMN `notifyByEmail`, DROP COLUMN `notifyBySms`, DROP COLUMN `phone`',
    );
    await queryRunner.query('DROP TABLE `account_tokens`');
    await queryRunner.query('DROP TABLE `notifications`');
  }
}
