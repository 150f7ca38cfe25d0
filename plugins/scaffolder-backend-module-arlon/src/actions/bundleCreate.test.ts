import { parse } from 'yaml';
import {
  itWritesTheFleetLikeTheRestApi,
  withFleet,
} from '../__testUtils__/standardCases';
import { stepContext } from '../__testUtils__/testFleet';
import { createBundleCreateAction } from './bundleCreate';

const configMap =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  LOG_LEVEL: info\n';

describe('arlon:bundle:create', () => {
  const env = withFleet(fleet => createBundleCreateAction(fleet.options));

  itWritesTheFleetLikeTheRestApi(env, {
    input: { name: 'settings', manifests: { 'configmap.yaml': configMap } },
    file: 'arlon/bundles/settings.yaml',
    entityRef: 'resource:default/bundle-settings',
    badInput: { name: 'broken', manifests: { 'cm.yaml': 'kind: ConfigMap\n' } },
    badInputMessage:
      /bundles\/broken\/cm\.yaml:1:1: a Kubernetes object needs apiVersion, metadata\.name/,
    denied: 'You may not write bundles (permission arlon.definition.create)',
  });

  it('commits the definition and its manifests together', async () => {
    const { fleet } = env();
    expect(parse((await fleet.file('arlon/bundles/settings.yaml'))!)).toEqual({
      apiVersion: 'core.arlon.io/v1',
      kind: 'Bundle',
      metadata: { name: 'settings' },
      spec: { source: { inline: {} } },
    });
    expect(await fleet.file('bundles/settings/configmap.yaml')).toBe(configMap);
  });

  it('writes a Git bundle with parameters, defaulting the revision and type', async () => {
    const { fleet, action } = env();
    await action.handler(
      stepContext({
        name: 'podinfo',
        git: {
          repoUrl: 'https://github.com/stefanprodan/podinfo.git',
          path: 'kustomize',
        },
        parameters: [{ name: 'replicaCount', default: 2, description: 'Pods' }],
      }).ctx,
    );
    expect(
      parse((await fleet.file('arlon/bundles/podinfo.yaml'))!).spec,
    ).toEqual({
      source: {
        git: {
          repoUrl: 'https://github.com/stefanprodan/podinfo.git',
          path: 'kustomize',
          revision: 'HEAD',
          type: 'directory',
        },
      },
      parameters: [{ name: 'replicaCount', default: 2, description: 'Pods' }],
    });
  });

  it('wants one source: manifests, Git or a Helm repository, not several or none', async () => {
    await expect(
      env().action.handler(stepContext({ name: 'empty' }).ctx),
    ).rejects.toThrow(
      'Give the bundle one source: "manifests" (inline files), "git" (a repository, path and revision) or "helmRepository" (a Helm repository URL, chart and version)',
    );
  });

  it('keeps manifests inside the bundle folder', async () => {
    const { fleet, action } = env();
    const before = await fleet.commits();
    await expect(
      action.handler(
        stepContext({
          name: 'escape',
          manifests: { '../../arlon/profiles/x.yaml': configMap },
        }).ctx,
      ),
    ).rejects.toThrow('is not a file name inside the bundle');
    expect(await fleet.commits()).toBe(before);
  });
});
