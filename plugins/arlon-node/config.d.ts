export interface Config {
  arlon?: {
    /** The fleet repository: Git holds what the fleet should be. */
    fleetRepo?: {
      /** Clone URL over HTTP(S). Credentials come from the matching `integrations` entry. */
      url: string;
      /** Branch that holds the fleet's intent. Defaults to `main`. */
      branch?: string;
      /** Write changes straight to the branch or as pull requests. Defaults to `commit`. */
      writeMode?: 'commit' | 'pullRequest';
      /**
       * When the head's definitions are valid but `generated/` is not what they
       * compile to (a hand push, a merge): recompile it as one commit, propose it
       * as one pull request per head commit, or leave it (`off`). Defaults to `writeMode`.
       */
      regenerate?: 'commit' | 'pullRequest' | 'off';
      /**
       * How often each backend process asks the Git server for the branch's
       * head (one `ls-remote`), to notice commits made anywhere else. Defaults to 3.
       */
      pollSeconds?: number;
      /**
       * Shared secret of the push webhook `POST /api/arlon/webhooks/git`
       * (GitHub, GitLab, Gitea), at least 16 characters; the route is off without it.
       * @visibility secret
       */
      webhookSecret?: string;
    };
    /**
     * Library repositories: further Git repositories of bundles, laid out as
     * a fleet repository's `arlon/bundles/` and `bundles/`. A profile names
     * one of their bundles as `<library>/<bundle>`. Read-only: nothing is
     * ever written or pushed to a library.
     */
    libraries?: Array<{
      /** Lower-case letters, digits and '-': the part before the `/` of a reference. */
      name: string;
      /**
       * Clone URL over HTTP(S), without credentials (they come from the
       * matching `integrations` entry): it is written into the generated manifests.
       */
      url: string;
      /** A tag or full commit id the library stays at. Exactly one of revision and branch. */
      revision?: string;
      /** A branch whose head is followed, read at the fleet's poll. */
      branch?: string;
    }>;
    /** Management clusters running Cluster API and ArgoCD; each is a named context. */
    managementClusters?: Array<{
      /** Context name shown in the portal, unique among management clusters. */
      name: string;
      /** URL of the Kubernetes API server. */
      url: string;
      /**
       * Bearer token of the service account the portal acts as.
       * @visibility secret
       */
      serviceAccountToken?: string;
      /**
       * Base64 PEM of the API server's certificate authority.
       * @visibility secret
       */
      caData?: string;
      /** Skip TLS verification (development only). */
      skipTLSVerify?: boolean;
      /** Namespace where ArgoCD runs. Defaults to `argocd`. */
      argocdNamespace?: string;
      /**
       * Builds the clusters whose definitions name no management cluster
       * (`spec.managementCluster`). At most one; absent on all, the first
       * configured is the default.
       */
      default?: boolean;
    }>;
    /** Where workload clusters may be, and what ArgoCD may do in them. */
    security?: {
      /**
       * Networks (CIDR, or one address) a workload cluster's API server may be
       * on although the built-in deny list covers them (loopback, link-local,
       * cloud metadata). The sandbox needs `127.0.0.1/32`; a real portal needs nothing.
       */
      allowedNetworks?: string[];
      /** Networks (CIDR, or one address) refused besides the built-in deny list. */
      deniedNetworks?: string[];
      /** Ports of the portal host refused besides `backend.listen.port`. */
      deniedPorts?: number[];
      /**
       * Rules of the ClusterRole given to ArgoCD's service account
       * (`kube-system/argocd-manager`) in each workload cluster. Default: every
       * verb on every resource and non-resource URL, as `argocd cluster add` does.
       */
      argocdClusterRoleRules?: Array<{
        apiGroups?: string[];
        resources?: string[];
        resourceNames?: string[];
        nonResourceURLs?: string[];
        verbs: string[];
      }>;
    };
    /** Bounds on waiting and on what one user may ask for; every one has a default. */
    limits?: {
      /** Each HTTP request to the fleet repository's Git server (clone, fetch, push). Default 30. */
      gitTimeoutSeconds?: number;
      /** Each request to a Kubernetes API server, watches excepted. Default 30. */
      kubernetesTimeoutSeconds?: number;
      /** Largest diff report a user may save or import. Default 4. */
      reportMaxMegabytes?: number;
      /** Saved diff reports one user may keep. Default 100. */
      reportsPerUser?: number;
      /** Megabytes of saved diff reports one user may keep. Default 64. */
      reportMegabytesPerUser?: number;
      /** Clusters one diff against every cluster may read. Default 200. */
      diffMaxClusters?: number;
      /** Clusters one diff reads at the same time. Default 8. */
      diffConcurrency?: number;
    };
  };
}
