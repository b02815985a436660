/**
 * `npm run flood -- [--cpu-seconds 30] [--concurrency 2] [--form download]`: what an attacker
 * does to the running local stack (`npm start`), to see the browser check's price at work
 * (docs/decisions/051). Solved posts to made-up addresses, each from its own loopback address
 * (the local server takes the socket address as the client IP), the proofs solved by
 * altcha-lib in this process from the published lowest counter, until the CPU budget is
 * spent. It prints the price level reached, the confirmations the stack let through (from
 * the SES emulator's store) and the CPU spent, then makes one visitor's request at the price
 * the flood left and prints what it was answered.
 *
 * Only against a local stack: it refuses any host but 127.0.0.1 or localhost.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import {
  API_PATHS,
  CHALLENGE_FORM_PARAM,
  IDEMPOTENCY_HEADER,
  LEAD_FORMS,
  type LeadForm,
} from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import type { Challenge } from 'altcha-lib';
import { LOCAL_DEFAULTS } from '../local/environment.ts';
import { storedEmails } from '../local/ses-inbox.ts';
import { CHALLENGE_DIFFICULTY } from '../src/adapters/altcha.ts';
import { formDefinition } from '../src/leads/forms.ts';
import { sampleBody } from '../test/events.ts';
import { type Io, isEntryPoint, parseCommandArgs, runCli, UsageError } from './lib/cli.ts';
import { type SolvedChallenge, solveBrowserCheck } from './lib/solve-challenge.ts';

const USAGE = `Usage: npm run flood -- [--cpu-seconds 30] [--concurrency 2] [--form download]
                       [--base http://127.0.0.1:3000] [--ses http://127.0.0.1:8005]

Solved posts to made-up addresses against the running local stack (npm start), from many
loopback addresses, until the CPU budget is spent: the price level reached, the
confirmations sent and the CPU spent, then one visitor's request at the price left.
PORT and SES_PORT name the stack's ports when --base and --ses are not given.`;

export interface FloodOptions {
  base: URL;
  sesUrl: string;
  cpuSeconds: number;
  concurrency: number;
  form: LeadForm;
}

export function parseFloodArgs(argv: string[], env: NodeJS.ProcessEnv): FloodOptions {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      'cpu-seconds': { type: 'string', default: '30' },
      concurrency: { type: 'string', default: '2' },
      form: { type: 'string', default: 'download' },
      base: { type: 'string' },
      ses: { type: 'string' },
    },
  });
  const base = new URL(values.base ?? `http://127.0.0.1:${env.PORT ?? LOCAL_DEFAULTS.port}`);
  if (!['127.0.0.1', 'localhost'].includes(base.hostname)) {
    throw new UsageError('The flood runs against a local stack only (127.0.0.1 or localhost)');
  }
  const cpuSeconds = Number(values['cpu-seconds']);
  const concurrency = Number(values.concurrency);
  if (!(cpuSeconds > 0) || !Number.isInteger(concurrency) || concurrency < 1) {
    throw new UsageError(
      '--cpu-seconds must be a positive number and --concurrency a whole number',
    );
  }
  const form = values.form as LeadForm;
  if (!(LEAD_FORMS as readonly string[]).includes(form) || !formDefinition(form)?.visitorMessage) {
    throw new UsageError('--form must be a form that e-mails the visitor');
  }
  return {
    base,
    sesUrl: values.ses ?? `http://127.0.0.1:${env.SES_PORT ?? LOCAL_DEFAULTS.sesPort}`,
    cpuSeconds,
    concurrency,
    form,
  };
}

/** The n-th loopback client, 127.1.0.1 upward: each counts as a client of its own. */
export function loopback(n: number): string {
  return `127.${(Math.floor(n / 65_024) % 254) + 1}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

interface Answer {
  status: number;
  body: string;
}

function send(
  url: URL,
  options: { method: 'GET' | 'POST'; localAddress: string; headers?: Record<string, string> },
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method, localAddress: options.localAddress, headers: options.headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function solvedProof(
  options: FloodOptions,
  client: string,
): Promise<SolvedChallenge | number> {
  const url = new URL(API_PATHS.challenge, options.base);
  url.searchParams.set(CHALLENGE_FORM_PARAM, options.form);
  const answer = await send(url, { method: 'GET', localAddress: client });
  if (answer.status !== 200) return answer.status;
  return solveBrowserCheck(JSON.parse(answer.body) as Challenge);
}

function post(options: FloodOptions, client: string, email: string, proof: string) {
  const body = JSON.stringify({
    ...sampleBody(options.form),
    [formDefinition(options.form)?.visitorEmail ?? 'email']: email,
    [CHALLENGE_FIELD]: proof,
  });
  return send(
    new URL(API_PATHS[options.form], options.base),
    {
      method: 'POST',
      localAddress: client,
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: randomUUID() },
    },
    body,
  );
}

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export async function flood(options: FloodOptions, print: (line: string) => void) {
  const run = Date.now().toString(36);
  const mine = (to: string[]) => to.some((address) => address.includes(`flood-${run}-`));
  const permitted = async () =>
    (await storedEmails(options.sesUrl)).filter((email) => mine(email.destination.to)).length;
  const startCpu = cpu();
  const started = performance.now();
  let next = 0;
  let posts = 0;
  let refused = 0;
  let topLevel = 0;
  const perLevel = new Map<number, { posts: number; solveMs: number }>();
  print(
    `Flooding ${options.base.origin} (${options.form}), ${options.concurrency} at a time, until ${options.cpuSeconds} CPU-s are spent`,
  );

  async function worker() {
    while (cpu() - startCpu < options.cpuSeconds) {
      next += 1;
      const n = next;
      const client = loopback(n);
      const proof = await solvedProof(options, client);
      if (typeof proof === 'number') {
        refused += 1;
        continue;
      }
      const answer = await post(options, client, `flood-${run}-${n}@example.com`, proof.payload);
      if (answer.status !== 200) {
        refused += 1;
        continue;
      }
      posts += 1;
      const figure = perLevel.get(proof.level) ?? { posts: 0, solveMs: 0 };
      figure.posts += 1;
      figure.solveMs += proof.solveMs;
      perLevel.set(proof.level, figure);
      if (proof.level > topLevel) {
        topLevel = proof.level;
        print(
          `  level ${proof.level} (PBKDF2 cost ${CHALLENGE_DIFFICULTY.cost * 2 ** proof.level}) after ${posts} posts, ${(cpu() - startCpu).toFixed(1)} CPU-s, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  const spent = cpu() - startCpu;
  const sent = await permitted();
  print(
    `\nPosts accepted: ${posts} (other answers: ${refused}); confirmations the stack sent to the made-up addresses: ${sent}`,
  );
  for (const [level, figure] of [...perLevel.entries()].sort((a, b) => a[0] - b[0])) {
    print(
      `  level ${level}: ${figure.posts} posts, mean solve ${(figure.solveMs / figure.posts / 1000).toFixed(2)} s wall`,
    );
  }
  print(
    `CPU spent: ${spent.toFixed(1)} s in ${((performance.now() - started) / 1000).toFixed(0)} s; ${sent > 0 ? (spent / sent).toFixed(2) : '-'} CPU-s per confirmation; price level reached ${topLevel}`,
  );

  // One visitor at the price the flood left, as the site would do it (the solve here stands
  // for the browser's; a desktop's two workers take about as long as this one thread).
  const visitor = `visitor-${run}@example.com`;
  const proof = await solvedProof(options, '127.0.0.1');
  if (typeof proof === 'number') {
    print(`A visitor's challenge was answered ${proof}: the form goes without a proof`);
    return;
  }
  const answer = await post(options, '127.0.0.1', visitor, proof.payload);
  const confirmed = (await storedEmails(options.sesUrl)).some((email) =>
    email.destination.to.includes(visitor),
  );
  print(
    `A visitor after the flood: challenge level ${proof.level}, solved in ${(proof.solveMs / 1000).toFixed(2)} s here; answered ${answer.status} ${answer.body}; confirmation e-mail ${confirmed ? 'sent' : 'NOT sent'}`,
  );
}

export async function main(argv: string[], io: Io): Promise<number> {
  await flood(parseFloodArgs(argv, process.env), (line) => io.err(`${line}\n`));
  return 0;
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
