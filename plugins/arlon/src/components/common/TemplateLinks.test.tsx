import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { screen, waitFor, within } from '@testing-library/react';
import { renderArlon } from '../../__testUtils__/renderArlon';
import { clusterTemplateLinks } from './day2Templates';
import { TemplateLinks } from './TemplateLinks';

const cloned = {
  apiVersion: 'core.arlon.io/v1',
  kind: 'Cluster',
  metadata: { name: 'qa-1' },
  spec: {
    clusterSpec: 'docker-dev',
    mode: 'cloned',
    profiles: ['infrastructure'],
  },
} as any;

const linksShown = async () => {
  const nav = await screen.findByRole('navigation', {
    name: 'Day-2 templates',
  });
  return within(nav)
    .queryAllByRole('link')
    .map(a => [a.textContent, a.getAttribute('href')]);
};

describe('TemplateLinks', () => {
  it('links each template with its form pre-filled in the query', async () => {
    await renderArlon(<TemplateLinks links={clusterTemplateLinks(cloned)} />, {
      api: {},
      scaffolder: true,
    });
    await waitFor(async () => expect(await linksShown()).toHaveLength(5));
    const [upgrade] = await linksShown();
    expect(upgrade[0]).toBe('Upgrade Kubernetes');
    const url = new URL(upgrade[1]!, 'http://localhost');
    expect(url.pathname).toBe(
      '/create/templates/default/arlon-upgrade-kubernetes',
    );
    expect(JSON.parse(url.searchParams.get('formData')!)).toEqual({
      target: 'cluster',
      cluster: 'resource:default/qa-1',
    });
  });

  it('shows only the templates the policy lets this user run, on this cluster', async () => {
    await renderArlon(<TemplateLinks links={clusterTemplateLinks(cloned)} />, {
      api: {},
      scaffolder: true,
      allow: ({ permission, resourceRef }) =>
        permission.name === 'arlon.profile.apply' &&
        resourceRef === 'resource:default/qa-1'
          ? AuthorizeResult.ALLOW
          : AuthorizeResult.DENY,
    });
    await waitFor(async () =>
      expect((await linksShown()).map(([title]) => title)).toEqual([
        'Remove profiles',
      ]),
    );
  });

  it('shows none without a scaffolder to link to', async () => {
    await renderArlon(<TemplateLinks links={clusterTemplateLinks(cloned)} />, {
      api: {},
    });
    expect(await linksShown()).toEqual([]);
  });
});
