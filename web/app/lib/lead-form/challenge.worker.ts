/*
 * One solver thread for the browser check: altcha-lib's own worker loop with the WebCrypto
 * PBKDF2 (`altcha-lib/workers/pbkdf2` would pull in node:crypto). Vite emits this file as a
 * same-origin script of its own, which the CSP's `script-src 'self'` allows as a worker; a
 * blob: or data: worker would be refused.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
