import { render, screen } from '@testing-library/react';
import App from './App';
import { configureApp } from './__testUtils__/configureApp';

/**
 * A file of its own: the sign-in page is loaded once per module registry,
 * and React itself must stay the development build jest loaded (only the
 * sign-in page's choice reads NODE_ENV late).
 */
describe('App in a production build', () => {
  const env = process.env;
  afterEach(() => {
    process.env = env;
  });

  it('offers GitHub sign-in and never guest (the backend has no guest provider there)', async () => {
    configureApp('production', 'Arlon portal');
    render(App.createRoot());

    expect(
      await screen.findByText('Sign in with your GitHub account'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Arlon portal' })).toBeVisible();
    expect(screen.queryByText('Guest')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Enter' }),
    ).not.toBeInTheDocument();
  });
});
