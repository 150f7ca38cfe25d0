import { ConfigReader } from '@backstage/config';
import { DEFAULT_LIMITS, readArlonLimits } from './readArlonLimits';

describe('readArlonLimits', () => {
  it('has a default for every limit', () => {
    expect(readArlonLimits(new ConfigReader({}))).toEqual(DEFAULT_LIMITS);
  });

  it('reads seconds and megabytes into milliseconds and bytes', () => {
    const limits = readArlonLimits(
      new ConfigReader({
        arlon: {
          limits: {
            gitTimeoutSeconds: 2.5,
            kubernetesTimeoutSeconds: 10,
            reportMaxMegabytes: 1,
            reportsPerUser: 5,
          },
        },
      }),
    );
    expect(limits).toMatchObject({
      gitTimeoutMs: 2500,
      kubernetesTimeoutMs: 10_000,
      reportMaxBytes: 1024 * 1024,
      reportsPerUser: 5,
      diffMaxClusters: DEFAULT_LIMITS.diffMaxClusters,
    });
  });

  it('refuses a limit that is not positive, naming its key', () => {
    expect(() =>
      readArlonLimits(
        new ConfigReader({ arlon: { limits: { gitTimeoutSeconds: 0 } } }),
      ),
    ).toThrow(
      'arlon.limits.gitTimeoutSeconds is 0; it must be a positive number',
    );
  });
});
