import { ConfigReader } from '@backstage/config';
import { readFleetChangesConfig } from './readFleetChangesConfig';

const read = (fleetRepo: object) =>
  readFleetChangesConfig(
    new ConfigReader({
      arlon: { fleetRepo: { url: 'https://h/f.git', ...fleetRepo } },
    }),
  );

describe('readFleetChangesConfig', () => {
  it('asks every 3 s with the webhook off by default', () => {
    expect(read({})).toEqual({ pollMs: 3000, webhookSecret: undefined });
    expect(readFleetChangesConfig(new ConfigReader({}))).toEqual({
      pollMs: 3000,
      webhookSecret: undefined,
    });
  });

  it('reads the period and the secret', () => {
    const secret = 'a-long-random-secret-value';
    expect(read({ pollSeconds: 0.5, webhookSecret: secret })).toEqual({
      pollMs: 500,
      webhookSecret: secret,
    });
  });

  it.each([0, -1, 0.01, 86400])(
    'refuses pollSeconds %p naming the key',
    pollSeconds => {
      expect(() => read({ pollSeconds })).toThrow(
        /arlon\.fleetRepo\.pollSeconds is .*from 0\.1 to 3600/,
      );
    },
  );

  it('refuses a short webhook secret without showing it', () => {
    expect(() => read({ webhookSecret: 'hunter2' })).toThrow(
      /arlon\.fleetRepo\.webhookSecret is shorter than 16 characters/,
    );
    expect(() => read({ webhookSecret: 'hunter2' })).not.toThrow(/hunter2/);
  });
});
