import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import arlonPlugin from '@arlon-backstage/plugin-arlon/alpha';
import notificationsPlugin from '@backstage/plugin-notifications/alpha';
import searchPlugin from '@backstage/plugin-search/alpha';
import { navModule } from './modules/nav';
import { homeModule } from './modules/home';
import { signInModule } from './modules/signIn';

// `app.packages: all` discovers every plugin in package.json too; Arlon's is
// listed here as well, as the one line an app without discovery needs. So
// are the plugins whose APIs the sidebar (navModule) uses: without them it
// fails to render (App.test.tsx renders the app without discovery).
export default createApp({
  features: [
    catalogPlugin,
    arlonPlugin,
    notificationsPlugin,
    searchPlugin,
    navModule,
    homeModule,
    signInModule,
  ],
});
