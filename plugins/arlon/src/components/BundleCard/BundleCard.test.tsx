import { screen } from '@testing-library/react';
import { arlonEntity, renderArlon } from '../../__testUtils__/renderArlon';
import { BundleCard } from './BundleCard';

const bundle = (source: object, parameters?: object[]) =>
  ({
    kind: 'Bundle',
    name: 'guestbook',
    definition: {
      metadata: { name: 'guestbook' },
      spec: { description: 'The guestbook', source, parameters },
    },
  } as any);
const profiles = {
  commit: 'c',
  items: [
    { name: 'apps', definition: { spec: { bundles: ['guestbook'] } } },
    { name: 'infrastructure', definition: { spec: { bundles: ['calico'] } } },
  ],
} as any;
const entity = arlonEntity('Bundle', 'guestbook', 'arlon-bundle');

describe('BundleCard', () => {
  it('shows a Git source, its parameters with defaults, and the profiles that use it', async () => {
    await renderArlon(<BundleCard />, {
      entity,
      api: {
        get: async () =>
          bundle(
            {
              git: {
                repoUrl: 'https://github.com/argoproj/argocd-example-apps.git',
                path: 'helm-guestbook',
                revision: 'HEAD',
                type: 'helm',
              },
            },
            [{ name: 'replicaCount', default: 1, description: 'Pods' }],
          ),
        list: async () => profiles,
      },
    });
    expect(await screen.findByTestId('bundle-source')).toHaveTextContent(
      'helm at https://github.com/argoproj/argocd-example-apps.git, path helm-guestbook, revision HEAD',
    );
    expect(screen.getByText('replicaCount')).toBeInTheDocument();
    expect(screen.getByText('Pods')).toBeInTheDocument();
    expect(await screen.findByText('apps')).toBeInTheDocument();
    expect(screen.queryByText('infrastructure')).not.toBeInTheDocument();
  });

  it('says where inline manifests live, and that nothing uses a new bundle', async () => {
    await renderArlon(<BundleCard />, {
      entity,
      api: {
        get: async () => bundle({ inline: {} }),
        list: async () => ({ commit: 'c', items: [] }),
      },
    });
    expect(await screen.findByTestId('bundle-source')).toHaveTextContent(
      'inline manifests in the fleet repository (bundles/guestbook/)',
    );
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(
      await screen.findByText('No profile uses it yet.'),
    ).toBeInTheDocument();
  });
});
