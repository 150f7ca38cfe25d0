/**
 * Gives the app the environment a build would: NODE_ENV (which picks the
 * sign-in providers) and the config (`app.title` titles the sign-in page).
 * Set it before rendering; the sign-in page reads NODE_ENV when it loads.
 */
export function configureApp(
  nodeEnv: 'test' | 'production',
  title: string,
  /** `app.extensions`, e.g. `[{ 'sign-in-page:app': false }]`. */
  extensions: unknown[] = [],
) {
  process.env = {
    NODE_ENV: nodeEnv,
    APP_CONFIG: [
      {
        data: {
          app: { title, extensions },
          backend: { baseUrl: 'http://localhost:7007' },
        },
        context: 'test',
      },
    ] as any,
  };
}
