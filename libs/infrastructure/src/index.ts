export * from './infrastructure.module.js';
