/*
 * One replica of the portal's backend for the replica test
 * (replicas.test.ts): the Arlon plugins, the catalog, and guest sign-in so
 * the test can write as a user. Started as a child process, so it can be
 * killed with SIGKILL; its config comes from `--config`.
 */
import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();
backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(import('@arlon-backstage/plugin-arlon-backend'));
backend.add(import('@arlon-backstage/plugin-catalog-backend-module-arlon'));
backend.start();
