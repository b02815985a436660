import { type FromEnvInit, fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Bundled in place of `@aws-sdk/credential-provider-node`, the SDK's default credentials chain
 * (src/bundling.ts). A Lambda function always receives its role's credentials in the
 * environment, so the chain's other providers (SSO, STS web identity, profiles, the instance
 * metadata service) only cost bundle size and start-up: about 120 KB of the 560 KB bundle
 * (docs/decisions/024-lambda-bundle-size.md). Tests and the local stack run the sources with
 * the real chain.
 */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
