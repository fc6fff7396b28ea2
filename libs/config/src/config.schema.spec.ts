import { ConfigError, DEFAULT_DATABASE_URL, loadConfig } from './config.schema.js';

describe('loadConfig', () => {
  it('fills the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBe(DEFAULT_DATABASE_URL);
    expect(config.PORT).toBe(3000);
    expect(config.WEB_ORIGINS).toEqual(['http://localhost:3000', 'http://localhost:5173']);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/DATABASE_URL must be a URL starting with mysql:/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: '0', REDIS_URL: 'nope' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((problem) => problem.split(' ')[0])).toEqual(['PORT', 'REDIS_URL']);
    }
  });

  it('refuses production without an admin account', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD are required in production/);
  });
});
