import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * STK push attempts, recorded before Daraja is asked, with their own callback key and the time of
 * their next check; payments learn the status 'unknown' and what was received or is owed back.
 */
export class MpesaAttempts1764100000000 implements MigrationInterface {
  name = 'MpesaAttempts1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const paymentStatuses = "'pending','paid','failed','refunded','unknown'";
    await queryRunner.query(`ALTER TABLE \`payments\` MODIFY \`status\` enum (${paymentStatuses}) NOT NULL DEFAULT 'pending'`);
    await queryRunner.query(`ALTER TABLE \`orders\` MODIFY \`paymentStatus\` enum (${paymentStatuses}) NOT NULL DEFAULT 'pending'`);
    await queryRunner.query('ALTER TABLE `payments` ADD `amountReceived` int UNSIGNED NULL, ADD `refundDue` int UNSIGNED NULL');
    await queryRunner.query(
      'ALTER TABLE `payment_callbacks` ADD `attemptKey` varchar(64) NULL, ADD INDEX `payment_callbacks_attempt_key` (`attemptKey`)',
    );
    await queryRunner.query(
      `CREATE TABLE \`mpesa_attempts\` (
        \`createdAt\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        \`updatedAt\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
        \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT,
        \`paymentId\` int UNSIGNED NOT NULL,
        \`orderId\` int UNSIGNED NOT NULL,
        \`state\` enum ('sending','pushed','notPushed','settled','unknown') NOT NULL DEFAULT 'sending',
        \`phone\` varchar(12) NOT NULL,
        \`amount\` int UNSIGNED NOT NULL,
        \`callbackKey\` varchar(64) NOT NULL,
        \`checkoutRequestId\` varchar(100) NULL,
        \`resultCode\` int NULL,
        \`resultDesc\` varchar(255) NULL,
        \`receipt\` varchar(100) NULL,
        \`nextCheckAt\` datetime(3) NULL,
        \`checks\` int UNSIGNED NOT NULL DEFAULT 0,
        INDEX \`mpesa_attempts_payment\` (\`paymentId\`),
        UNIQUE INDEX \`mpesa_attempts_callback_key\` (\`callbackKey\`),
        UNIQUE INDEX \`mpesa_attempts_checkout_request\` (\`checkoutRequestId\`),
        INDEX \`mpesa_attempts_due\` (\`nextCheckAt\`),
        PRIMARY KEY (\`id\`),
        CONSTRAINT \`mpesa_attempts_payment_fk\` FOREIGN KEY (\`paymentId\`) REFERENCES \`payments\` (\`id\`) ON DELETE RESTRICT ON UPDATE NO ACTION
      ) ENGINE=InnoDB`,
    );
    // Pushes made before attempts existed: each pending one becomes an attempt that is checked at once.
    await queryRunner.query(
      `INSERT INTO \`mpesa_attempts\` (\`paymentId\`, \`orderId\`, \`state\`, \`phone\`, \`amount\`, \`callbackKey\`, \`checkoutRequestId\`, \`nextCheckAt\`)
       SELECT \`id\`, \`orderId\`, 'pushed', \`phone\`, \`amount\`, CONCAT('legacy-', \`id\`), \`providerReference\`, NOW(3)
       FROM \`payments\` WHERE \`method\` = 'mpesa' AND \`status\` = 'pending' AND \`providerReference\` IS NOT NULL AND \`phone\` IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `mpesa_attempts`');
    await queryRunner.query('ALTER TABLE `payment_callbacks` DROP INDEX `payment_callbacks_attempt_key`, DROP COLUMN `attemptKey`');
    await queryRunner.query('ALTER TABLE `payments` DROP COLUMN `refundDue`, DROP COLUMN `amountReceived`');
    const paymentStatuses = "'pending','paid','failed','refunded'";
    await queryRunner.query(`ALTER TABLE \`orders\` MODIFY \`paymentStatus\` enum (${paymentStatuses}) NOT NULL DEFAULT 'pending'`);
    await queryRunner.query(`ALTER TABLE \`payments\` MODIFY \`status\` enum (${paymentStatuses}) NOT NULL DEFAULT 'pending'`);
  }
}
