import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { CfnBucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSiteFixture } from '../test/site-fixture.ts';
import { synth } from '../test/synth.ts';
import {
  controlTowerRules,
  GUARD_ACKNOWLEDGEMENTS,
  policyValidators,
} from './policy-validation.ts';

/*
 * AWS Control Tower's proactive controls, as cfn-guard rules
 * (https://docs.aws.amazon.com/controltower/latest/userguide/proactive-controls.html):
 * the one test synthesis that runs them (they add seconds to each, see docs/decisions/065).
 */
const siteDir = writeSiteFixture();
const [guard] = policyValidators({ customDomain: false });
if (!guard) throw new Error('no cfn-guard validator');
const real = synth({ siteDir, validators: [guard] });
// Production's shape: its own domain and certificate, which the CloudFront controls check.
const [domainGuard] = policyValidators({ customDomain: true });
if (!domainGuard) throw new Error('no cfn-guard validator');
const withDomain = synth({
  siteDir,
  validators: [domainGuard],
  environment: {
    domain: {
      name: 'kryon.security',
      certificateArn:
        'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555',
    },
  },
});
const scratch: string[] = [siteDir, real.outdir, withDomain.outdir];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('Control Tower rules (cfn-guard) at synthesis', () => {
  it('pass the real stack: synth() ran them and did not throw', () => {
    expect(real.app.node.findAll().length).toBeGreaterThan(0);
  });

  it('acknowledge only what the real stack breaks, every acknowledgement still needed', () => {
    // The synthesis passed, so nothing was left unacknowledged; what was acknowledged:
    const acknowledged = guard.acknowledged;
    // No stale entry: each acknowledged rule fires on the real stack, and fires where its
    // `only` points.
    expect(new Set(acknowledged.map((finding) => finding.rule))).toEqual(
      new Set(Object.keys(GUARD_ACKNOWLEDGEMENTS)),
    );
    for (const ack of Object.values(GUARD_ACKNOWLEDGEMENTS)) {
      expect(ack.reason.length).toBeGreaterThan(40);
      expect(ack.control).toMatch(/^CT\.[A-Z0-9]+\.PR\.\d+$/);
    }
  });

  it('pass a stack with a custom domain without the acknowledgements that excuse its absence', () => {
    const dropped = Object.entries(GUARD_ACKNOWLEDGEMENTS)
      .filter(([, ack]) => ack.withoutCustomDomain)
      .map(([rule]) => rule);
    expect(dropped.sort()).toEqual([
      'cloudfront_custom_ssl_certificate_check',
      'cloudfront_security_policy_check',
      'cloudfront_sni_enabled_check',
    ]);
    // Synthesis passed with those three not acknowledged, and the rest still needed there.
    expect(new Set(domainGuard.acknowledged.map((finding) => finding.rule))).toEqual(
      new Set(Object.keys(GUARD_ACKNOWLEDGEMENTS).filter((rule) => !dropped.includes(rule))),
    );
  });

  it('read from every rule the resource types it reports on, so none is skipped by mistake', () => {
    const rules = controlTowerRules();
    expect(rules.size).toBe(237);
    expect([...rules].filter(([, types]) => types.length === 0)).toEqual([]);
    expect(rules.get('ct-s3-pr-1')).toEqual(['AWS::S3::Bucket']);
  });

  it('fail synthesis on a bucket that breaks them, naming the rules and the resource', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'kryon-guard-'));
    scratch.push(outdir);
    const app = new App({ outdir });
    Validations.of(app).addPlugins(...policyValidators({ customDomain: false }));
    const stack = new Stack(app, 'Seeded');
    // No public access block; and Object Lock, acknowledged for the stack's own three buckets
    // only, is not acknowledged for this one.
    new CfnBucket(stack, 'Open');
    const message = (() => {
      try {
        app.synth();
      } catch (error) {
        return (error as Error).message;
      }
      return 'synthesis passed';
    })();
    expect(message).toMatch(/s3_bucket_level_public_access_prohibited_check/);
    expect(message).toMatch(/s3_bucket_object_lock_enabled_check/);
    expect(message).toMatch(/Seeded\/Open \(Open\)/);
  });
});
