/**
 * How every tool here starts Debian's Chromium (Playwright's journeys, the Lighthouse and
 * solver benchmarks): no sandbox or GPU in this environment, and nothing that reaches out to
 * the network on its own.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
