import { synthetics } from '@aws/synthetics-playwright';
import { walkVisitorPath } from './visitor-journey.ts';

/*
 * The Synthetics canary's handler (infra/lib/visitor-canary.ts bundles this file with the
 * journey into visitor-journey.mjs): the same walk `npm test` runs, against the deployed site.
 * The runtime provides Playwright and a Chromium: "Library functions available for Node.js
 * canary scripts using Playwright",
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Synthetics_Canaries_Nodejs_Playwright.html
 * (launch, newPage, executeStep, close). A thrown error fails the run.
 */

/**
 * SES's mailbox simulator accepts a `+label` ("Using the mailbox simulator", Amazon SES
 * Developer Guide): the canary's leads say who made them, and, like every simulator lead, are
 * synthetic (kept from sales, the export and the digest, and expiring within a day). Each run
 * has a label of its own, and each simulator spelling is a mailbox of its own with its own
 * daily budget, so every run's e-mail is really sent (decision 080).
 */
export function canaryEmail(startedAt: Date): string {
  return `success+canary-${startedAt.getTime()}@simulator.amazonses.com`;
}

export const handler = async (): Promise<void> => {
  const origin = process.env.SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not set: the canary does not know the site');
  const browser = await synthetics.launch();
  try {
    const page = await synthetics.newPage(browser);
    const result = await walkVisitorPath(page, {
      origin,
      email: canaryEmail(new Date()),
      step: (name, run) => synthetics.executeStep(name, run),
    });
    // One line per run in the canary's log: which report, and what became of its e-mail.
    console.log(
      `Visitor path ok: "${result.report}", a ${result.pdfBytes}-byte PDF; e-mail ${result.confirmation ?? 'not said'}`,
    );
  } finally {
    await synthetics.close();
  }
};
