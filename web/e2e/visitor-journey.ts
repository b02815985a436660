import { API_PATHS, submissionAcceptedSchema } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { DOWNLOAD_ROLES } from '@kryon/shared/options';
import type { Page, Request } from 'playwright-core';
import { researchDownloadCopy } from '../app/content/research-download-copy.ts';
import { PATHS } from '../app/paths.ts';
import { pageReady } from './page-ready.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * The visitor's path, written once and walked in two places (decision 083): by
 * visitor-journey.spec.ts in `npm test`, against the local stack, and by the Synthetics canary
 * (visitor-journey.canary.ts) against the deployed site. So it uses only what both have:
 * playwright-core's Page, no @playwright/test `expect`, and it says in its error which step
 * failed and what a person should look at.
 */

/** One step of the path, by the name the canary's step metrics and screenshots carry. */
export const VISITOR_STEPS = {
  home: 'open-home-page',
  archive: 'open-research-archive',
  dialog: 'open-download-dialog',
  request: 'request-report',
  link: 'read-report-link',
  pdf: 'fetch-report-pdf',
} as const;
export type VisitorStep = (typeof VISITOR_STEPS)[keyof typeof VISITOR_STEPS];

/** Runs one named step; the canary passes Synthetics' executeStep, which times and shoots it. */
export type StepRunner = (name: VisitorStep, run: () => Promise<void>) => Promise<unknown>;

export interface VisitorPathOptions {
  /** The site's origin, such as `https://kryon.security`: its pages and its API. */
  origin: string;
  /**
   * The address the report is asked for: one of SES's mailbox simulator addresses
   * (`success@simulator.amazonses.com`), never a real inbox.
   */
  email: string;
  /**
   * How each step is run.
   * @default each step is simply awaited
   */
  step?: StepRunner;
  /**
   * How long any one wait may take, in milliseconds.
   * @default 20_000
   */
  timeout?: number;
}

export interface VisitorPathResult {
  /** The report asked for: the newest item's title, as its download button names it. */
  report: string;
  /** The personal link the dialog showed, which served the PDF. */
  reportUrl: string;
  /** What the API said of the e-mail to the address; the link is on screen whatever it says. */
  confirmation: string | undefined;
  /** The PDF's size in bytes. */
  pdfBytes: number;
}

/** The path failed at `step`; the message says what was seen there. */
export class VisitorPathError extends Error {
  override name = 'VisitorPathError';
  constructor(
    readonly step: VisitorStep,
    detail: string,
  ) {
    super(`Visitor path failed at "${step}": ${detail}`);
  }
}

const copy = researchDownloadCopy;

/**
 * Walks the visitor's path on `page`: the home page, the research archive, the newest report's
 * download dialog filled in with `email`, the browser check solved and the request accepted,
 * and the personal link on screen serving a PDF. Throws a VisitorPathError naming the step
 * that failed.
 */
export async function walkVisitorPath(
  page: Page,
  options: VisitorPathOptions,
): Promise<VisitorPathResult> {
  const timeout = options.timeout ?? 20_000;
  const runStep = options.step ?? ((_name, run) => run());
  const url = (path: string) => new URL(path, options.origin).href;
  page.setDefaultTimeout(timeout);
  const downloads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === API_PATHS.download) {
      downloads.push(request);
    }
  });

  let report = '';
  let accepted: { confirmation: string | undefined; reportUrl: string | undefined } | undefined;
  let reportUrl = '';
  let pdfBytes = 0;
  const step = (name: VisitorStep, run: () => Promise<void>) =>
    runStep(name, async () => {
      try {
        await run();
      } catch (error) {
        if (error instanceof VisitorPathError) throw error;
        throw new VisitorPathError(name, firstLine(error));
      }
    });

  await step(VISITOR_STEPS.home, async () => {
    await openPage(page, url(PATHS.home), VISITOR_STEPS.home, timeout);
  });

  await step(VISITOR_STEPS.archive, async () => {
    await openPage(page, url(PATHS.researchArchive), VISITOR_STEPS.archive, timeout);
  });

  await step(VISITOR_STEPS.dialog, async () => {
    // The cards' relative dates are written only by the hydrated list: they show it is live.
    await page
      .locator('.published-date__age')
      .first()
      .filter({ hasText: /\S/ })
      .waitFor({ timeout })
      .catch(() => {
        throw new VisitorPathError(
          VISITOR_STEPS.dialog,
          `the archive's list did not come alive within ${timeout} ms (its script blocked or failing?)`,
        );
      });
    const button = page
      .getByRole('list', { name: 'Research publications' })
      .locator(':scope > li')
      .first()
      .getByRole('button', { name: /^Download / });
    // Its name is "Download" and the title, which is there for screen readers.
    report = ((await button.textContent()) ?? '')
      .replace(/\s+/g, ' ')
      .replace(/^\s*Download /, '')
      .trim();
    await button.click();
    const dialog = page.getByRole('dialog', { name: `${copy.dialogTitle} ${report}` });
    await dialog.waitFor({ state: 'visible', timeout }).catch(() => {
      throw new VisitorPathError(
        VISITOR_STEPS.dialog,
        `the download dialog of "${report}" did not open within ${timeout} ms`,
      );
    });
  });

  await step(VISITOR_STEPS.request, async () => {
    const dialog = page.getByRole('dialog', { name: `${copy.dialogTitle} ${report}` });
    await dialog.getByLabel(copy.fields.email.label).fill(options.email);
    await dialog.getByLabel(copy.fields.firstName.label).fill('Canary');
    await dialog.getByLabel(copy.fields.company.label).fill('Kryon synthetic check');
    await dialog
      .getByLabel(copy.fields.role.label)
      .selectOption({ label: DOWNLOAD_ROLES[0].label });
    // Sooner than a person could type, the API takes the request for a bot's (decision 021).
    await waitLikeAPerson(page);
    // A refused first answer (the challenge repriced) is sent again by the page: the one that
    // counts is the accepted one. Caught here, so a path that fails earlier leaves no rejection.
    const answered = page
      .waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === API_PATHS.download &&
          response.ok(),
        { timeout },
      )
      .catch(() => undefined);
    await dialog.getByRole('button', { name: copy.submitLabel }).click();
    const ready = dialog.getByRole('status').filter({ hasText: copy.success.title });
    const refused = dialog.getByRole('alert');
    const outcome = await Promise.race([
      ready.waitFor({ timeout }).then(() => 'ready' as const),
      refused
        .first()
        .waitFor({ timeout })
        .then(() => 'refused' as const),
    ]).catch(() => 'silent' as const);
    if (outcome !== 'ready') {
      const said =
        outcome === 'refused' ? ((await refused.first().textContent()) ?? '') : 'nothing';
      throw new VisitorPathError(
        VISITOR_STEPS.request,
        `the request was not accepted within ${timeout} ms (${downloads.length} sent; the dialog said: ${said.trim()})`,
      );
    }
    // The request that was taken: it carries the solved browser check, or the check never
    // ran (a CSP that blocks its worker, a challenge route that fails) and the visitor's
    // e-mail is withheld (decision 028).
    const sent = downloads.at(-1);
    const body = sent?.postDataJSON() as Record<string, unknown> | undefined;
    if (typeof body?.[CHALLENGE_FIELD] !== 'string') {
      throw new VisitorPathError(
        VISITOR_STEPS.request,
        'the request went without a solved browser check: the challenge did not load or ' +
          'its worker did not run (CSP, the challenge route, a script error)',
      );
    }
    const response = await answered;
    const answer = submissionAcceptedSchema.safeParse(await response?.json().catch(() => null));
    if (!answer.success) {
      throw new VisitorPathError(
        VISITOR_STEPS.request,
        'the API accepted the request with an answer that is not an accepted submission',
      );
    }
    accepted = { confirmation: answer.data.confirmation, reportUrl: answer.data.reportUrl };
  });

  await step(VISITOR_STEPS.link, async () => {
    const dialog = page.getByRole('dialog', { name: `${copy.dialogTitle} ${report}` });
    const link = dialog
      .getByRole('status')
      .getByRole('link', { name: new RegExp(`^${escapeRegExp(copy.success.linkLabel)}`) });
    const href = await link.getAttribute('href', { timeout }).catch(() => null);
    if (!href) {
      throw new VisitorPathError(
        VISITOR_STEPS.link,
        `"${copy.success.title}" shows no "${copy.success.linkLabel}" link`,
      );
    }
    reportUrl = new URL(href, page.url()).href;
    if (accepted?.reportUrl && accepted.reportUrl !== reportUrl) {
      throw new VisitorPathError(
        VISITOR_STEPS.link,
        'the link on screen is not the one the API answered',
      );
    }
  });

  await step(VISITOR_STEPS.pdf, async () => {
    const response = await page.request.get(reportUrl, { timeout, maxRedirects: 5 });
    const type = response.headers()['content-type'] ?? '(none)';
    const body = await response.body();
    const magic = body.subarray(0, 5).toString('latin1');
    if (response.status() !== 200 || !type.startsWith('application/pdf') || magic !== '%PDF-') {
      throw new VisitorPathError(
        VISITOR_STEPS.pdf,
        `the personal link answered ${response.status()} ${type}, ${body.length} bytes starting ` +
          `${JSON.stringify(magic)}, not a PDF (the report bucket, the report function, its signing secret?)`,
      );
    }
    pdfBytes = body.length;
  });

  return { report, reportUrl, confirmation: accepted?.confirmation, pdfBytes };
}

/** Opens a page of the site and waits until it answers clicks, or says why not. */
async function openPage(page: Page, address: string, step: VisitorStep, timeout: number) {
  const response = await page.goto(address, { waitUntil: 'load', timeout });
  const type = response?.headers()['content-type'] ?? '(none)';
  if (!response?.ok() || !type.startsWith('text/html')) {
    throw new VisitorPathError(
      step,
      `${address} answered ${response?.status() ?? 'nothing'} ${type}, not a page`,
    );
  }
  await pageReady(page).catch(() => {
    throw new VisitorPathError(
      step,
      `${address} loaded but did not become ready within ${timeout} ms (its scripts blocked or failing?)`,
    );
  });
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
