/** Injection tokens of the shared ground (InfrastructureModule). */
export const APP_CONFIG = Symbol('APP_CONFIG');
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
