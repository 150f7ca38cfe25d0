import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import arlonPlugin from '@arlon-backstage/plugin-arlon/alpha';
import { navModule } from './modules/nav';
import { homeModule } from './modules/home';
import { signInModule } from './modules/signIn';

// `app.packages: all` discovers every plugin in package.json too; Arlon's is
// listed here as well, as the one line an app without discovery needs.
export default createApp({
  features: [catalogPlugin, arlonPlugin, navModule, homeModule, signInModule],
});
