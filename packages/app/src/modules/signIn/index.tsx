import { githubAuthApiRef } from '@backstage/core-plugin-api';
import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { SignInPageBlueprint } from '@backstage/plugin-app-react';

const github = {
  id: 'github-auth-provider',
  title: 'GitHub',
  message: 'Sign in with your GitHub account',
  apiRef: githubAuthApiRef,
};

/**
 * The sign-in page: guest in development (the sandbox portal, the browser
 * tests), GitHub in a production build, where the backend has no guest
 * provider (app-config.production.yaml configures GitHub from env vars).
 */
const signInPage = SignInPageBlueprint.make({
  params: {
    loader: async () => {
      const { SignInPage } = await import('@backstage/core-components');
      const providers =
        process.env.NODE_ENV === 'production' ? [github] : ['guest' as const];
      return props => <SignInPage {...props} providers={providers} />;
    },
  },
});

export const signInModule = createFrontendModule({
  pluginId: 'app',
  extensions: [signInPage],
});
