import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ArlonKind,
  DefinitionSource,
} from '@arlon-backstage/plugin-arlon-common';
import { arlonEntity, renderArlon } from '../../__testUtils__/renderArlon';
import { BundleCard } from '../BundleCard/BundleCard';
import { ClusterSpecCard } from '../ClusterSpecCard/ClusterSpecCard';

beforeAll(() => {
  const none = () => Object.assign([], { item: () => null }) as any;
  Range.prototype.getClientRects ??= none;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect(0, 0, 0, 0);
});

const sourceOf = (
  kind: ArlonKind,
  name: string,
  file: string,
): DefinitionSource => ({
  kind,
  name,
  file,
  commit: 'abcdef0123',
  yaml: `kind: ${kind}\nmetadata:\n  name: ${name}\n`,
  etag: '"e"',
  editable: true,
});

describe("Edit YAML on a definition's card", () => {
  it("opens the cluster spec's own file from its card", async () => {
    const getDefinitionSource = jest.fn(async (_: string, name: string) =>
      sourceOf('ClusterSpec', name, `arlon/clusterspecs/${name}.yaml`),
    );
    await renderArlon(<ClusterSpecCard />, {
      entity: arlonEntity('ClusterSpec', 'docker-dev', 'arlon-clusterspec'),
      api: {
        get: async () =>
          ({
            kind: 'ClusterSpec',
            name: 'docker-dev',
            definition: {
              metadata: { name: 'docker-dev' },
              spec: {
                provider: 'docker',
                type: 'kubeadm',
                kubernetesVersion: 'v1.30.0',
                nodePools: [],
              },
            },
          } as any),
        list: async () => ({ commit: 'c', items: [] }),
        getDefinitionSource,
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit YAML' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'arlon/clusterspecs/docker-dev.yaml at abcdef0',
      ),
    ).toBeInTheDocument();
    expect(getDefinitionSource).toHaveBeenCalledWith(
      'clusterspecs',
      'docker-dev',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("opens the bundle's own file from its card", async () => {
    const getDefinitionSource = jest.fn(async (_: string, name: string) =>
      sourceOf('Bundle', name, `arlon/bundles/${name}.yaml`),
    );
    await renderArlon(<BundleCard />, {
      entity: arlonEntity('Bundle', 'guestbook', 'arlon-bundle'),
      api: {
        get: async () =>
          ({
            kind: 'Bundle',
            name: 'guestbook',
            definition: {
              metadata: { name: 'guestbook' },
              spec: {
                source: {
                  git: {
                    repoUrl: 'https://example.com/x.git',
                    path: 'p',
                    revision: 'HEAD',
                    type: 'directory',
                  },
                },
              },
            },
          } as any),
        list: async () => ({ commit: 'c', items: [] }),
        getDefinitionSource,
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit YAML' }),
    );
    expect(
      await screen.findByText('arlon/bundles/guestbook.yaml at abcdef0'),
    ).toBeInTheDocument();
    expect(getDefinitionSource).toHaveBeenCalledWith('bundles', 'guestbook');
  });
});
