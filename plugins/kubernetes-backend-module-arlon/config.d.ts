export interface Config {
  arlon?: {
    /** How Arlon's workload clusters are supplied to the Kubernetes plugin. */
    kubernetes?: {
      /**
       * Skip the metrics-server lookup for pod CPU and memory (a cluster
       * without metrics-server answers it with an error). Default false.
       */
      skipMetricsLookup?: boolean;
    };
  };
}
