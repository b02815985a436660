/**
 * `npm run leads:resend`: what the scheduled re-send function does when deployed, on the
 * local stack: every stored lead that still owes an e-mail (SES was down, a send failed) is
 * sent now, each message exactly once.
 */

import { applyHandlerEnvironment, handlerEnvironment } from '../local/environment.ts';
import { ensureTable } from '../local/table.ts';
import { DIGEST_LEADS_PER_NETWORK, DIGEST_MAX_LEADS } from '../src/leads/digest.ts';
import { type Io, isEntryPoint, parseCommandArgs, runCli, UsageError } from './lib/cli.ts';
import { connectLocalStack, localDynamoClient } from './lib/local-stack.ts';

export const USAGE = `Usage: npm run leads:resend [-- --limit <n>] [-- --digest-now]

Sends what stored leads still owe: the sales notification or the visitor's e-mail that
failed or never went out. Each lead is claimed before it is sent, so a message is never sent
twice, even with the deployed schedule or another run going at the same time. A message that
fails again stays owed, with a growing wait before the next try.

Unverified leads past the hourly number e-mailed one by one are held: once their hour is
over, this sends them to sales as one digest (at most ${DIGEST_MAX_LEADS} leads an e-mail, oldest
first; past the first ${DIGEST_LEADS_PER_NETWORK} of one client network in an hour, the rest are counted on
one line, not listed, and the export shows them as counted-in-digest), and marks each lead
sent in it only once the digest was accepted.

Uses the emulators of a running \`npm start\` when they answer on DYNAMODB_PORT and SES_PORT
(default 8000 and 8005); otherwise starts them for this run on DATA_DIR (default .data).

  --limit <n>    re-send at most n leads (default: every lead that is due)
  --digest-now   also send the digest of every held lead now, without waiting for the
                 end of its hour`;

export function parseResendArgs(argv: string[]): {
  limit: number | undefined;
  digestNow: boolean;
} {
  const { values } = parseCommandArgs({
    args: argv,
    options: { limit: { type: 'string' }, 'digest-now': { type: 'boolean' } },
    strict: true,
    allowPositionals: false,
  });
  const digestNow = values['digest-now'] === true;
  if (values.limit === undefined) return { limit: undefined, digestNow };
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    throw new UsageError(`--limit must be a whole number above 0, not ${values.limit}.`);
  }
  return { limit, digestNow };
}

export async function main(argv: string[], io: Io): Promise<number> {
  const { limit, digestNow } = parseResendArgs(argv);
  const stack = await connectLocalStack({ ses: true });
  try {
    // The wiring reads its configuration once, on import, from these variables.
    applyHandlerEnvironment(handlerEnvironment(stack.settings, stack));
    const dynamo = localDynamoClient(stack);
    await ensureTable(dynamo, stack.settings.tableName);
    dynamo.destroy();

    const { readConfig, resendConfig } = await import('../src/config.ts');
    const { loadSecrets, resendDeps, siteSecret } = await import('../src/wiring.ts');
    const { resendPending } = await import('../src/leads/resend-pending.ts');
    const config = readConfig(resendConfig);
    const deps = resendDeps(siteSecret(await loadSecrets(config)), config);
    const summary = await resendPending(deps, { limit, digestNow });
    deps.metrics.flush();

    io.out(
      `Leads due: ${summary.examined}; re-sent: ${summary.claimed} (${summary.sent} e-mails sent, ${summary.failed} failed); ` +
        `skipped: ${summary.skipped} (taken by another sender, or nothing owed).\n`,
    );
    if (summary.digests > 0 || summary.digestFailed > 0) {
      io.out(
        `Digests of held unverified leads sent: ${summary.digests} (${summary.digested} leads listed, ` +
          `${summary.digestCounted} counted on their network's line); ` +
          `held leads in a failed digest: ${summary.digestFailed}.\n`,
      );
    }
    if (summary.failed > 0 || summary.digestFailed > 0) {
      io.out('Failed messages stay owed and are tried again by a later run.\n');
    }
    io.out(
      stack.started.ses
        ? `The SES emulator stops with this command; with \`npm start\` running, the e-mails land in its inbox at http://127.0.0.1:${stack.settings.sesPort}.\n`
        : `Read them in the SES inbox at ${stack.sesUrl}\n`,
    );
    return summary.failed > 0 || summary.digestFailed > 0 ? 1 : 0;
  } finally {
    await stack.close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
