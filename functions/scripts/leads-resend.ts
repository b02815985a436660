/**
 * `npm run leads:resend`: what the scheduled re-send function does when deployed, on the
 * local stack: every stored lead that still owes an e-mail (SES was down, a send failed) is
 * sent now, each message exactly once.
 */

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { applyHandlerEnvironment, handlerEnvironment } from '../local/environment.ts';
import { ensureTable } from '../local/table.ts';
import { requeueRequest } from '../src/adapters/dynamodb.ts';
import { parseItem } from '../src/adapters/table-items.ts';
import { DIGEST_LEADS_PER_NETWORK, DIGEST_MAX_LEADS } from '../src/leads/digest.ts';
import { storedLead } from '../src/leads/lead.ts';
import { requeuedEmails } from '../src/leads/requeue.ts';
import { type Io, isEntryPoint, parseCommandArgs, runCli, UsageError } from './lib/cli.ts';
import { type LeadsTable, leadKeyFilter, openLeadsTable, scanItems } from './lib/leads-table.ts';
import { connectLocalStack, localDynamoClient } from './lib/local-stack.ts';

export const USAGE = `Usage: npm run leads:resend [-- --limit <n>] [-- --digest-now] [-- --requeue]
       npm run leads:resend -- --requeue --table <TableName> [--region <r>]

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
                 end of its hour
  --requeue      first put every lead whose sales notification was given up on after its
                 retries (abandoned) back on the re-send list, its attempts from zero: once
                 the cause is fixed, sales still hear of the lead. The visitor's confirmation
                 is not re-queued (days late it helps nobody; the answer was on screen)
  --table <name> a deployed table, with your AWS credentials: --requeue only (the deployed
                 Resend function sends them within 5 minutes; nothing is sent from here)
  --region <r>   the deployed table's region (default: AWS_REGION or your profile)`;

export interface ResendArgs {
  limit: number | undefined;
  digestNow: boolean;
  requeue?: true;
  table?: string;
  region?: string;
}

export function parseResendArgs(argv: string[]): ResendArgs {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      limit: { type: 'string' },
      'digest-now': { type: 'boolean' },
      requeue: { type: 'boolean' },
      table: { type: 'string' },
      region: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const digestNow = values['digest-now'] === true;
  const table = values.table?.trim() || undefined;
  if (table && (values.requeue !== true || digestNow || values.limit !== undefined)) {
    throw new UsageError(
      'With --table only --requeue applies: the deployed Resend function sends what is owed.',
    );
  }
  if (values.region !== undefined && !table) {
    throw new UsageError('--region only applies with --table.');
  }
  const where = {
    ...(values.requeue === true ? { requeue: true as const } : {}),
    ...(table ? { table } : {}),
    ...(values.region?.trim() ? { region: values.region.trim() } : {}),
  };
  if (values.limit === undefined) return { limit: undefined, digestNow, ...where };
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) {
    throw new UsageError(`--limit must be a whole number above 0, not ${values.limit}.`);
  }
  return { limit, digestNow, ...where };
}

/**
 * Puts every lead whose sales notification was abandoned back on the re-send list (see
 * --requeue), through the lead adapter's own request; says which.
 */
export async function requeueAbandoned(table: LeadsTable, io: Io, nowMs = Date.now()) {
  const keys = leadKeyFilter();
  const requeued: string[] = [];
  let unreadable = 0;
  for await (const item of scanItems(table, {
    FilterExpression: `${keys.FilterExpression} AND emailStatus = :abandoned`,
    ExpressionAttributeValues: { ...keys.ExpressionAttributeValues, ':abandoned': 'abandoned' },
  })) {
    const parsed = parseItem(storedLead, item, { pk: String(item.pk), sk: String(item.sk) });
    if ('unreadable' in parsed) {
      unreadable += 1;
      io.err(`Skipped ${parsed.unreadable.key.pk}: ${parsed.unreadable.issue}\n`);
      continue;
    }
    const emails = requeuedEmails(parsed.item);
    if (!emails) continue;
    try {
      await table.doc.send(
        new UpdateCommand(requeueRequest(table.tableName, parsed.item, emails, nowMs)),
      );
      requeued.push(`${parsed.item.form} ${parsed.item.submissionId}`);
    } catch (error) {
      // Sent or changed since the scan read it: nothing to re-queue.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  io.out(
    requeued.length === 0
      ? `No lead in ${table.description} has an abandoned sales notification.\n`
      : `Re-queued the sales notification of ${requeued.length} lead${requeued.length === 1 ? '' : 's'} in ${table.description}: ${requeued.join(', ')}.\n`,
  );
  return { requeued: requeued.length, unreadable };
}

export async function main(argv: string[], io: Io): Promise<number> {
  const { limit, digestNow, requeue, table, region } = parseResendArgs(argv);
  if (table) {
    const deployed = await openLeadsTable({ table, region });
    try {
      await requeueAbandoned(deployed, io);
      io.out(
        'Deployed, the Resend function sends them on its next run (every 5 minutes); locally, `npm run leads:resend` sends them now.\n',
      );
    } finally {
      await deployed.close();
    }
    return 0;
  }
  if (requeue) {
    const local = await openLeadsTable({});
    try {
      await requeueAbandoned(local, io);
    } finally {
      await local.close();
    }
  }
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
    // As the scheduled function does after the e-mails: the lead events a failure left owed.
    const { publishOwedEvents } = await import('../src/leads/publish-events.ts');
    const events = await publishOwedEvents(deps);
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
    if (events.leads > 0) {
      io.out(
        `Lead events owed: ${events.published} published, ${events.failed} refused by the bus (owed still)` +
          `${events.unreadable ? `, ${events.unreadable} unreadable (see the log)` : ''}.\n`,
      );
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
