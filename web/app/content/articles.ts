import { article as imdsv1SsrfCredentialTheft } from './articles/imdsv1-ssrf-credential-theft.ts';
import { article as publicS3BucketsBlockPublicAccess } from './articles/public-s3-buckets-block-public-access.ts';
import { article as securityGroupsOpenAdminPorts } from './articles/security-groups-open-admin-ports.ts';
import type { ArticleSource } from './library-types.ts';

/**
 * Every article of the library, listed explicitly so the same list works in the browser
 * bundle, at prerender time and in tests (library.test.ts checks that no file in articles/
 * is missing here). Order does not matter: the library sorts by date.
 */
export const ARTICLE_SOURCES: readonly ArticleSource[] = [
  imdsv1SsrfCredentialTheft,
  publicS3BucketsBlockPublicAccess,
  securityGroupsOpenAdminPorts,
];
