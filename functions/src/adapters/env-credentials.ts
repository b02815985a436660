import { type FromEnvInit, fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Bundled in place of the SDK's default credentials chain (src/bundling.ts): Lambda's
 * credentials are in the environment, so the other providers only cost size (decision 024).
 */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
