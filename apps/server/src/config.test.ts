import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** What several instances on one PostgreSQL database must share. */
const shared = {
  JWT_SECRET: 'a-secret-shared-by-every-instance-0123456789',
  PUBLIC_URL: 'https://glossa.example.org',
};

describe('loadConfig', () => {
  it('gives the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.resolve('./data/glossa.db'),
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.billing).toBe(false);
  });

  it('switches to PostgreSQL for a postgres URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/glossa', ...shared });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/glossa' });
    expect(config.jwtSecret).toBe(shared.JWT_SECRET);
    expect(config.publicUrl).toBe('https://glossa.example.org');
  });

  it('keeps the generated secret and the local address on SQLite', () => {
    const config = loadConfig({ DATABASE_URL: 'sqlite:./data/other.db' });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['JWT_SECRET', { PUBLIC_URL: shared.PUBLIC_URL }],
    ['PUBLIC_URL', { JWT_SECRET: shared.JWT_SECRET }],
  ])('stops on PostgreSQL without %s, naming it', (name, settings) => {
    for (const url of ['postgres://u@db:5432/glossa', 'postgresql://u@db/glossa']) {
      const load = () => loadConfig({ DATABASE_URL: url, ...settings, [name]: '' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(new RegExp(`${name}: required on PostgreSQL`));
    }
  });

  it('names both JWT_SECRET and PUBLIC_URL when PostgreSQL has neither', () => {
    const load = () => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/glossa' });
    expect(load).toThrow(
      /JWT_SECRET: required on PostgreSQL[^]*PUBLIC_URL: required on PostgreSQL/,
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail'],
    ['BILLING', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'on'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '1'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  const stripe = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
    STRIPE_PRICE_ID: 'price_123',
  };

  it('keeps billing off and needs no Stripe settings by default', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig(stripe).stripe).toBeUndefined();
  });

  it.each(Object.keys(stripe))('stops when BILLING is on without %s, naming it', (name) => {
    const env = { BILLING: 'on', ...stripe, [name]: undefined };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: required when BILLING is on`));
    // Only the missing one is named.
    for (const other of Object.keys(stripe).filter((n) => n !== name))
      expect(() => loadConfig(env)).not.toThrow(new RegExp(`${other}:`));
  });

  it('names every missing Stripe setting at once', () => {
    expect(() => loadConfig({ BILLING: 'on' })).toThrow(
      /STRIPE_SECRET_KEY:[\s\S]*STRIPE_WEBHOOK_SECRET:[\s\S]*STRIPE_PRICE_ID:/,
    );
  });

  it('reads the Stripe settings when BILLING is on', () => {
    const config = loadConfig({ BILLING: 'on', ...stripe, STRIPE_API_URL: 'http://127.0.0.1:9' });
    expect(config.billing).toBe(true);
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      priceId: 'price_123',
      apiUrl: 'http://127.0.0.1:9',
    });
  });

  it('trusts no proxy by default, or exactly the proxies listed', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('says why TRUST_PROXY=on and a number of hops are refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(
      /TRUST_PROXY: `on` would trust any X-Forwarded-For a client sends: give the proxies' addresses/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(
      /TRUST_PROXY: a number of proxies cannot tell a proxy from a client that connects directly/,
    );
  });
});
