import { solveBrowserCheck } from '@kryon/functions/solve-challenge';
import {
  API_PATHS,
  CHALLENGE_FORM_PARAM,
  CHALLENGE_REPRICED,
  IDEMPOTENCY_HEADER,
  type SubmissionAccepted,
} from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { MAILBOX_SIMULATOR_DOMAIN } from '@kryon/shared/email';
import { DOWNLOAD_ROLES } from '@kryon/shared/options';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import type { Challenge } from 'altcha-lib';
import { type CheckResult, fail, guarded, ok } from './check.ts';

/** What the mail loop reads of a stored lead: the state of the visitor's e-mail. */
export interface VerifyLead {
  synthetic?: true;
  expiresAt: number;
  emails: {
    sales?: { status: string; reason?: string };
    visitor?: {
      status: string;
      reason?: string;
      delivery?: { outcome: string; bounceType?: string };
    };
  };
}

export interface MailLoopTarget {
  siteUrl: string;
  /** Reads a lead by the idempotency key this run sent it with (the leads table). */
  findLead(form: 'download', idempotencyKey: string): Promise<VerifyLead | undefined>;
  /** How long SES may take to report a message's outcome. */
  outcomeWithinMs: number;
  /** How often the lead is read while waiting. */
  pollMs?: number;
  /** A label no earlier run used: each run mails its own simulator spellings. */
  runId: string;
}

const REQUEST_TIMEOUT_MS = 20_000;
/** A synthetic lead is gone within a day (SYNTHETIC_LEAD_DAYS), with a minute of slack. */
const SYNTHETIC_LIFETIME_S = 86_400 + 60;

type Scenario = 'success' | 'bounce' | 'complaint';
const OUTCOME: Record<Scenario, string> = {
  success: 'delivered',
  bounce: 'bounced',
  complaint: 'complained',
};
const WITHHELD_AFTER: Partial<Record<Scenario, string>> = {
  bounce: 'address-bounced',
  complaint: 'address-complained',
};

/**
 * The mail loop as SES's mailbox simulator plays it, never a real inbox: a research download
 * with the browser check solved as a browser solves it, to `success+<run>@`, `bounce+<run>@`
 * and `complaint+<run>@simulator.amazonses.com`. Each must be stored and its e-mail sent; the
 * personal link must serve the PDF; SES's outcome (delivered, bounced, complained) must be
 * recorded on the lead within the bound; and after a bounce or complaint the next download to
 * that address must be withheld. The leads are synthetic: no sales e-mail, gone within a day.
 */
export async function mailLoopChecks(target: MailLoopTarget): Promise<CheckResult[]> {
  const scenarios: Scenario[] = ['success', 'bounce', 'complaint'];
  const results = await Promise.all(scenarios.map((scenario) => runScenario(scenario, target)));
  return results.flat();
}

async function runScenario(scenario: Scenario, target: MailLoopTarget): Promise<CheckResult[]> {
  const address = `${scenario}+verify-${target.runId}@${MAILBOX_SIMULATOR_DOMAIN}`;
  const sentName = `mail loop: ${scenario} e-mail sent`;
  let answer: SubmissionAccepted | undefined;
  const first = await guarded(
    sentName,
    'The API did not take a download: see the function logs (dashboard, output DashboardUrl).',
    async () => {
      answer = await download(target, address, `verify-${target.runId}-${scenario}-1`);
      if (answer.confirmation !== 'sent') {
        return fail(
          sentName,
          `download to ${address} stored (${answer.submissionId}), e-mail ${answer.confirmation ?? 'unknown'}`,
          answer.confirmation === 'pending'
            ? 'SES did not take the e-mail: is it reachable, the sender verified (health), the account not paused? The lead keeps it owed and the re-send retries.'
            : 'The confirmation was withheld: `npm run brake -- status` (visitor mail paused?) and the budgets (`leads:export -- --with-synthetic`).',
        );
      }
      return ok(sentName, `download to ${address} stored and e-mailed (${answer.submissionId})`);
    },
  );
  const results = [...first];
  if (first.some((result) => result.status !== 'ok')) return results;
  const key = `verify-${target.runId}-${scenario}-1`;
  if (scenario === 'success') results.push(...(await reportLinkCheck(target, answer)));
  results.push(...(await outcomeCheck(scenario, target, key)));
  const after = WITHHELD_AFTER[scenario];
  if (after && results.every((result) => result.status === 'ok')) {
    results.push(...(await withheldCheck(scenario, target, address, after)));
  }
  return results;
}

/** The personal link of the success scenario serves the report as a PDF. */
async function reportLinkCheck(
  target: MailLoopTarget,
  answer: SubmissionAccepted | undefined,
): Promise<CheckResult[]> {
  const name = 'mail loop: report link serves the PDF';
  return guarded(name, 'The report function or its bucket: see its log.', async () => {
    if (!answer?.reportUrl)
      return fail(
        name,
        'the answer carried no reportUrl',
        'The download handler no longer answers the personal link: see functions/src/handlers/download.ts.',
      );
    const url = new URL(answer.reportUrl, target.siteUrl);
    const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const magic = new TextDecoder().decode(bytes.subarray(0, 5));
    return response.status === 200 && magic === '%PDF-'
      ? ok(name, `${url.pathname}: ${response.headers.get('content-type')}, ${bytes.length} bytes`)
      : fail(
          name,
          `${url.pathname} answered ${response.status} ${response.headers.get('content-type')}, starting ${JSON.stringify(magic)}`,
          'The reports bucket lacks the PDF or the report function cannot read it: was the site built with its reports before the deploy (README "Deploy")?',
        );
  });
}

/** SES's outcome of the first e-mail is recorded on the lead within the bound. */
async function outcomeCheck(
  scenario: Scenario,
  target: MailLoopTarget,
  key: string,
): Promise<CheckResult[]> {
  const expected = OUTCOME[scenario];
  const name = `delivery outcome: ${expected}`;
  return guarded(
    name,
    'The leads table could not be read: credentials or table name.',
    async () => {
      const deadline = Date.now() + target.outcomeWithinMs;
      let lead: VerifyLead | undefined;
      for (;;) {
        lead = await target.findLead('download', key);
        const outcome = lead?.emails.visitor?.delivery?.outcome;
        if (outcome === expected) break;
        if (Date.now() >= deadline) {
          return fail(
            name,
            lead
              ? `no ${expected} recorded on the lead within ${target.outcomeWithinMs / 1000} s (${outcome ?? 'no outcome at all'})`
              : 'the lead is not in the table',
            "SES events do not reach the lead: the configuration set's EventBridge destination, the DeliveryEvents rule (its pattern and detail-type) and function (its log, its dead-letter queue). Locally: SES_EVENTS must not be off.",
          );
        }
        await new Promise((resolve) => setTimeout(resolve, target.pollMs ?? 1_000));
      }
      const synthetic =
        lead?.synthetic === true &&
        lead.emails.sales?.status === 'withheld' &&
        lead.emails.sales.reason === 'synthetic' &&
        lead.expiresAt <= Math.floor(Date.now() / 1000) + SYNTHETIC_LIFETIME_S;
      return [
        ok(name, `recorded on the lead`),
        synthetic
          ? ok(
              `synthetic lead: ${scenario}`,
              'no sales e-mail, out of the export, gone within a day',
            )
          : fail(
              `synthetic lead: ${scenario}`,
              `synthetic ${lead?.synthetic}, sales ${lead?.emails.sales?.status}, expires ${lead?.expiresAt}`,
              "A lead to SES's mailbox simulator must not reach sales: the deployed functions are older than this check (deploy them).",
            ),
      ];
    },
  );
}

/** After a bounce or a complaint, the next download to the address gets no e-mail. */
async function withheldCheck(
  scenario: Scenario,
  target: MailLoopTarget,
  address: string,
  reason: string,
): Promise<CheckResult[]> {
  const name = `mail loop: ${scenario} address withheld next time`;
  return guarded(
    name,
    'The API did not take the second download: see the function logs.',
    async () => {
      const key = `verify-${target.runId}-${scenario}-2`;
      const answer = await download(target, address, key);
      const lead = await target.findLead('download', key);
      const visitor = lead?.emails.visitor;
      return answer.confirmation === 'not-sent' && visitor?.reason === reason
        ? ok(name, `second download: not e-mailed (${reason})`)
        : fail(
            name,
            `second download: e-mail ${answer.confirmation}, ${visitor?.status ?? 'no state'}${visitor?.reason ? ` (${visitor.reason})` : ''}`,
            'Our suppression list did not take the address: see the DeliveryEvents function log.',
          );
    },
  );
}

/** One research download as the site sends it, with a browser check solved as a browser does. */
async function download(
  target: MailLoopTarget,
  email: string,
  idempotencyKey: string,
): Promise<SubmissionAccepted> {
  const challengeUrl = `${target.siteUrl}${API_PATHS.challenge}?${CHALLENGE_FORM_PARAM}=download`;
  // A proof solved just before the price rose is refused once with 409: solve again, as the
  // site does.
  for (let attempt = 1; ; attempt++) {
    const challenge = await fetch(challengeUrl, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (challenge.status !== 200) {
      throw new Error(`GET ${API_PATHS.challenge} answered ${challenge.status}`);
    }
    const solved = await solveBrowserCheck((await challenge.json()) as Challenge);
    const response = await fetch(`${target.siteUrl}${API_PATHS.download}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idempotencyKey },
      body: JSON.stringify({
        email,
        firstName: 'Verify',
        company: 'Kryon verify',
        role: DOWNLOAD_ROLES[0].value,
        researchId: RESEARCH_DOWNLOAD_IDS[0],
        [CHALLENGE_FIELD]: solved.payload,
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status === 409 && text.includes(CHALLENGE_REPRICED) && attempt < 3) continue;
    if (response.status !== 200) {
      throw new Error(
        `POST ${API_PATHS.download} answered ${response.status}: ${text.slice(0, 200)}`,
      );
    }
    return JSON.parse(text) as SubmissionAccepted;
  }
}
