import arlonPlugin from './alpha';

// What the README promises a new-frontend-system app: the IDs it names
// (`nav.take('page:arlon')`, app-config overrides) are the plugin's own.
// getExtension is typed by the plugin's extension map, so a renamed
// extension fails the type-check as well as this test.
describe('the ./alpha plugin', () => {
  it('is the arlon plugin, with the routes the legacy plugin binds', () => {
    expect(arlonPlugin.pluginId).toBe('arlon');
    expect(Object.keys(arlonPlugin.routes)).toEqual(['root']);
    expect(Object.keys(arlonPlugin.externalRoutes)).toEqual(['template']);
  });

  it.each([
    'api:arlon',
    'page:arlon',
    'entity-card:arlon/cluster',
    'entity-card:arlon/profile',
    'entity-card:arlon/bundle',
    'entity-card:arlon/clusterspec',
    'entity-content:arlon/diff',
    'scaffolder-form-field:arlon/commit-preview',
    'home-page-widget:arlon/fleet-summary',
  ] as const)('has the extension %s', id => {
    expect(arlonPlugin.getExtension(id)).toBeDefined();
  });
});
