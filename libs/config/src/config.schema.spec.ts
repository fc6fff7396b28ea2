import { ConfigError, DEFAULT_DATABASE_URL, GOOGLE_ISSUER_URL, SANDBOX_GOOGLE_CLIENT, loadConfig } from './config.schema.js';

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

  describe('Google sign-in', () => {
    const production = { NODE_ENV: 'production', ADMIN_EMAIL: 'admin@example.co.ke', ADMIN_PASSWORD: 'long-enough' };

    it('points at the local sandbox outside production, on its configured port', () => {
      const config = loadConfig({ SANDBOX_PORT: '4002' });
      expect(config.OIDC_ISSUER_URL).toBe('http://localhost:4002/oidc');
      expect([config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET]).toEqual([SANDBOX_GOOGLE_CLIENT.id, SANDBOX_GOOGLE_CLIENT.secret]);
    });

    it('points at Google in production, with no client unless one is given', () => {
      const config = loadConfig(production);
      expect(config.OIDC_ISSUER_URL).toBe(GOOGLE_ISSUER_URL);
      expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
      expect(loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }).GOOGLE_CLIENT_ID).toBe('id.apps.googleusercontent.com');
    });

    it('refuses a client id without its secret', () => {
      expect(() => loadConfig({ ...production, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together/);
    });
  });
});
