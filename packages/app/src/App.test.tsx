import { render, screen, within } from '@testing-library/react';
import App from './App';
import { configureApp } from './__testUtils__/configureApp';

/**
 * The app's shell as its modules build it. One render per file: the app
 * reads its config and loads its extensions once per module registry.
 * (The sign-in page: App.production.test.tsx.)
 */
describe('App', () => {
  const env = process.env;
  afterEach(() => {
    process.env = env;
  });

  it('puts Arlon in the sidebar: the Fleet page, beside the catalog', async () => {
    // Signed in without the sign-in page (as a guest, no backend needed), so
    // the shell renders: the sidebar is navModule's, its items come from the
    // plugins App.tsx installs.
    configureApp('test', 'Arlon test portal', [{ 'sign-in-page:app': false }]);
    render(App.createRoot());

    const nav = await screen.findByRole('navigation', { name: 'sidebar nav' });
    const fleet = await within(nav).findByRole('link', { name: 'Fleet' });
    expect(fleet).toHaveAttribute('href', '/fleet');
    expect(within(nav).getByRole('link', { name: 'Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
  });
});
