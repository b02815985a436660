import { describe, expect, it } from 'vitest';
import { leadPriority } from './lead-priority.ts';
import {
  AWS_ENVIRONMENT_SIZES,
  COMPANY_SIZES,
  DEMO_TYPES,
  optionValues,
  PARTNER_COMPANY_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from './options.ts';

describe('leadPriority', () => {
  it('flags a lead of more than 50 AWS accounts, and says how many', () => {
    const flagged = optionValues(AWS_ENVIRONMENT_SIZES).filter(
      (awsEnvironmentSize) => leadPriority({ awsEnvironmentSize }).priority,
    );
    expect(flagged).toEqual(['51-100', '100+']);
    expect(leadPriority({ awsEnvironmentSize: '100+' }).reasons).toEqual(['100+ AWS accounts']);
    expect(leadPriority({ awsEnvironmentSize: '51-100' }).reasons).toEqual(['51-100 AWS accounts']);
  });

  it('flags an enterprise: the demo size "Enterprise", a partner of 1000+ employees', () => {
    expect(
      optionValues(COMPANY_SIZES).filter((companySize) => leadPriority({ companySize }).priority),
    ).toEqual(['enterprise']);
    expect(
      optionValues(PARTNER_COMPANY_SIZES).filter(
        (partnerCompanySize) => leadPriority({ partnerCompanySize }).priority,
      ),
    ).toEqual(['1000+']);
    expect(leadPriority({ companySize: 'enterprise' }).reasons).toEqual(['Enterprise']);
    expect(leadPriority({ partnerCompanySize: '1000+' }).reasons).toEqual(['1000+ employees']);
  });

  it('flags the top of the timeframe and urgency scales only, once as "ASAP"', () => {
    expect(
      optionValues(TIMEFRAMES).filter((timeframe) => leadPriority({ timeframe }).priority),
    ).toEqual(['asap']);
    expect(
      optionValues(URGENCY_LEVELS).filter((urgency) => leadPriority({ urgency }).priority),
    ).toEqual(['critical']);
    expect(leadPriority({ timeframe: 'asap', urgency: 'critical' }).reasons).toEqual(['ASAP']);
  });

  it('flags a hands-on workshop, not the other demo types', () => {
    expect(
      optionValues(DEMO_TYPES).filter((demoType) => leadPriority({ demoType }).priority),
    ).toEqual(['hands-on']);
  });

  it('gives every reason in a fixed order: accounts, size, time, demo type', () => {
    expect(
      leadPriority({
        demoType: 'hands-on',
        timeframe: 'asap',
        companySize: 'enterprise',
        awsEnvironmentSize: '100+',
      }),
    ).toEqual({
      priority: true,
      reasons: ['100+ AWS accounts', 'Enterprise', 'ASAP', 'Hands-On Workshop'],
    });
  });

  it('is no priority without a qualifying answer', () => {
    expect(leadPriority({})).toEqual({ priority: false, reasons: [] });
    expect(
      leadPriority({
        awsEnvironmentSize: '21-50',
        companySize: 'midmarket',
        partnerCompanySize: '201-1000',
        timeframe: 'within-1-week',
        urgency: 'high',
        demoType: 'technical',
      }),
    ).toEqual({ priority: false, reasons: [] });
  });
});
