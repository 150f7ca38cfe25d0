import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { HomePageWidgetBlueprint } from '@backstage/plugin-home-react/alpha';
import { MarkdownContent } from '@backstage/core-components';

// The portal's own welcome: what it is for and where each part of the loop
// starts. The fleet's state itself is Arlon's "Fleet at a glance" widget
// (@arlon-backstage/plugin-arlon/alpha), placed beside it in app-config.yaml.
const content = `
Run a fleet of Kubernetes clusters the Arlon way: **bundles** of manifests,
**profiles** that group them, **cluster specs** that say how Cluster API
builds a cluster, and **clusters** made from a spec and profiles. Git holds
the intent, ArgoCD deploys, Cluster API builds.

- [**Fleet**](/fleet): every cluster with its phase and health; apply a
  profile to many clusters after previewing the commit
- [**Create a cluster**](/create/templates/default/arlon-create-cluster),
  or a bundle, profile or cluster spec, from the [templates](/create)
- [**Catalog**](/catalog?filters%5Bkind%5D=resource): each bundle, profile,
  cluster spec and cluster has its page, and a **Diff** tab that shows what
  applying it to a live cluster would change
`;

const welcomeWidget = HomePageWidgetBlueprint.make({
  name: 'arlon-welcome',
  params: {
    name: 'ArlonWelcome',
    title: 'Arlon for Backstage',
    description: 'What this portal is for, and where to start',
    components: async () => ({
      Content: () => <MarkdownContent content={content} />,
    }),
  },
});

export const homeModule = createFrontendModule({
  pluginId: 'home',
  extensions: [welcomeWidget],
});
