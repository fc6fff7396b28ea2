export * from './data-source.js';
export * from './entities/index.js';
export * from './migrate.js';
export * from './outbox/outbox-writer.js';
export * from './seed/seed.js';
export * from './users/admin-accounts.js';
export * from './users/passwords.js';
export * from './images/image-storage.js';
