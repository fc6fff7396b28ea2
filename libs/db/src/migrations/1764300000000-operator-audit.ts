import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The operator audit: the queue console's retries and removals, with the admin who made each one. */
export class OperatorAudit1764300000000 implements MigrationInterface {
  name = 'OperatorAudit1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`operator_actions\` (
        \`id\` int UNSIGNED NOT NULL AUTO_INCREMENT,
        \`adminUserId\` int UNSIGNED NOT NULL,
        \`adminEmail\` varchar(254) NOT NULL,
        \`action\` enum ('retry','retryAll','remove') NOT NULL,
        \`queue\` varchar(50) NOT NULL,
        \`jobIds\` json NOT NULL,
        \`createdAt\` datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        INDEX \`operator_actions_admin\` (\`adminUserId\`),
        INDEX \`operator_actions_created\` (\`createdAt\`),
        PRIMARY KEY (\`id\`)
      ) ENGINE=InnoDB`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `operator_actions`');
  }
}
