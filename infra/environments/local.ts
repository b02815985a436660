import { defineEnvironment } from '../lib/environment.ts';

/**
 * What `npm run synth` (and so `npm test`) synthesizes: no account, no domain, and no sender
 * or recipients, which every synth reports as placeholders. It never deploys.
 */
export default defineEnvironment({
  kind: 'preview',
});
