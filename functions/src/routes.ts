import { API_PATHS } from '@kryon/shared/api';

/**
 * The API's routes and the handler module behind each: read by the local server, and the
 * list the CDK app wires one Lambda per entry from. Handler names are files in handlers/.
 */
export const API_ROUTES = [
  { method: 'POST', path: API_PATHS.contact, handler: 'contact' },
  { method: 'POST', path: API_PATHS.partner, handler: 'partner' },
  { method: 'POST', path: API_PATHS.demo, handler: 'demo' },
  { method: 'POST', path: API_PATHS['beta-access'], handler: 'beta-access' },
  { method: 'POST', path: API_PATHS.download, handler: 'download' },
  { method: 'GET', path: API_PATHS.health, handler: 'health' },
  { method: 'GET', path: API_PATHS.status, handler: 'status' },
  { method: 'GET', path: API_PATHS.challenge, handler: 'challenge' },
  { method: 'GET', path: API_PATHS.report, handler: 'report' },
] as const;

export type ApiRoute = (typeof API_ROUTES)[number];

/** Takes every /api request that no route above matches (404 or 405, as JSON). */
export const FALLBACK_HANDLER = 'not-found';
