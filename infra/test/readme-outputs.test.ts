import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnResource } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/kryon-stack.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, synth } from './synth.ts';

/**
 * The stack outputs a text names, as the README's runbooks name them: "output `X`",
 * "outputs `X`, `Y`", "the `X` output", and `<X output>` in a command; `X1..3` is X1, X2, X3.
 * Only names it calls an output: a backticked word alone (a metric, an alarm) is not one.
 */
function outputsNamedIn(text: string): string[] {
  const names = new Set<string>();
  const add = (name: string) => {
    const range = /^(.*?)(\d+)\.\.(\d+)$/.exec(name);
    if (!range) {
      names.add(name);
      return;
    }
    const [, stem, from, to] = range;
    for (let i = Number(from); i <= Number(to); i++) names.add(`${stem}${i}`);
  };
  const NAME = '[A-Za-z][A-Za-z0-9]*(?:\\d+\\.\\.\\d+)?';
  // "output `X`", "outputs `X`, `Y` and `Z`" (across a line break too).
  for (const match of text.matchAll(
    new RegExp(`\\boutputs?\\s+((?:\`${NAME}\`(?:\\s*(?:,|and|or)\\s*)?)+)`, 'g'),
  )) {
    for (const name of (match[1] ?? '').matchAll(new RegExp(`\`(${NAME})\``, 'g'))) {
      add(name[1] as string);
    }
  }
  // "the `X` output", "(`X` output)".
  for (const match of text.matchAll(new RegExp(`\`(${NAME})\`\\s+outputs?\\b`, 'g'))) {
    add(match[1] as string);
  }
  // `... --email-identity <X output>`.
  for (const match of text.matchAll(new RegExp(`<(${NAME}) output>`, 'g'))) {
    add(match[1] as string);
  }
  return [...names].sort();
}

describe('outputsNamedIn', () => {
  it('finds every way the README names an output, and nothing it does not call one', () => {
    const text = [
      'Publish the outputs `DkimRecord1..3`, each `<name> CNAME <value>`.',
      'the `VisitorSenderIdentity` output; the dashboard (`DashboardUrl` output)',
      '`aws sesv2 get-email-identity --email-identity <SenderIdentity output>`',
      'a CNAME to the stack output `ApiOriginTarget`; output `SalesConfigurationSet` (the set)',
      'outputs `TableName` and\n`AlarmTopicArn`',
      'the alarm `VisitorMailCeiling`, the metric `EmailAwaitingSender`, `--table <TableName>`',
    ].join('\n');
    expect(outputsNamedIn(text)).toEqual(
      [
        'AlarmTopicArn',
        'ApiOriginTarget',
        'DashboardUrl',
        'DkimRecord1',
        'DkimRecord2',
        'DkimRecord3',
        'SalesConfigurationSet',
        'SenderIdentity',
        'TableName',
        'VisitorSenderIdentity',
      ].sort(),
    );
  });
});

describe('the README names only outputs the stack has', () => {
  // Every optional output at once: a domain sender and a visitor identity of its own (their
  // DKIM records), in us-east-1.
  const siteDir = writeSiteFixture();
  const { stack, template, outdir } = synth({
    siteDir,
    region: 'us-east-1',
    environment: {
      sender: { identity: 'kryon.example' },
      visitorSender: {
        identity: 'mail.kryon.example',
        from: 'Kryon <no-reply@mail.kryon.example>',
      },
    },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });
  const outputs = () => template.findOutputs('*');
  /** The names the README calls outputs that the template does not have. */
  const missing = (readme: string) => outputsNamedIn(readme).filter((name) => !(name in outputs()));

  it('has every output the README names', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(outputsNamedIn(readme).length).toBeGreaterThan(5);
    expect(missing(readme)).toEqual([]);
  });

  it('fails on a README that names an output the stack does not have', () => {
    const readme =
      'Publish the outputs `DkimRecord1..4`; rotate with `<OriginVerifySecret output>`, ' +
      'then open the `DashboardUrl` output.';
    expect(missing(readme)).toEqual(['DkimRecord4', 'OriginVerifySecret']);
  });

  it('outputs what ops need by name: the secrets’ ARNs, the execute-api address, DKIM records', () => {
    const ref = (resource: unknown) => ({
      Ref: logicalId((resource as { node: { defaultChild: CfnResource } }).node.defaultChild),
    });
    expect(outputs().IpHashSecretArn?.Value).toEqual(ref(stack.secrets.site));
    expect(outputs().OriginVerifySecretArn?.Value).toEqual(ref(stack.secrets.originVerify));
    // The disabled default endpoint, which must refuse a call (decision 072).
    expect(outputs().ExecuteApiUrl?.Value).toEqual({
      'Fn::Join': [
        '',
        [
          'https://',
          ref(stack.api.api),
          '.execute-api.us-east-1.',
          { Ref: 'AWS::URLSuffix' },
          '/api/email',
        ],
      ],
    });
    for (const prefix of ['DkimRecord', 'VisitorDkimRecord']) {
      for (const n of [1, 2, 3]) {
        expect(JSON.stringify(outputs()[`${prefix}${n}`]?.Value), `${prefix}${n}`).toContain(
          'CNAME',
        );
      }
    }
  });
});
