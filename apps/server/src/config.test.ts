import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      role: 'all',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a URL/);
    expect(() => loadConfig({ PARLEY_ROLE: 'both' })).toThrow(/PARLEY_ROLE/);
    expect(() => loadConfig({ SMTP_URL: 'smtp.example.com' })).toThrow(/SMTP_URL/);
  });

  it('treats empty values as unset and trims the public URL', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: 'https://parley.example.com/' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://parley.example.com');
  });
});
