import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig: DATABASE_POOL_SIZE', () => {
  it('is 10 connections when unset', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
  });

  it('takes a whole number from 1 to 100', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(loadConfig({ DATABASE_POOL_SIZE: '100' }).databasePoolSize).toBe(100);
  });

  it.each(['0', '101', '2.5', 'many'])('refuses %s, naming the setting', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
