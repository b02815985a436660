import { index, type RouteConfig, route } from '@react-router/dev/routes';

/** The route table, once. Paths match PATHS in paths.ts. */
export default [
  index('routes/home.tsx'),
  route('features', 'routes/features.tsx'),
  route('what-we-are', 'routes/company.tsx'),
  route('security-intelligence', 'routes/security-intelligence.tsx'),
  route('security-intelligence/:category', 'routes/intelligence-category.tsx'),
  route('security-intelligence/:category/:slug', 'routes/article.tsx'),
  route('research-archive', 'routes/research-archive.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('request-access', 'routes/request-access.tsx'),
  route('become-partner', 'routes/become-partner.tsx'),
  route('demo', 'routes/demo.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
