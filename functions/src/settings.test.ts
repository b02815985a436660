import { LEAD_FORMS } from '@kryon/shared/api';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type ChallengeConfig,
  challengeConfig,
  ENVIRONMENT_VARIABLES,
  type FormConfig,
  formConfig,
  type LeadEventDeliveryConfig,
  leadEventDeliveryConfig,
  type ResendConfig,
  readConfig,
  resendConfig,
  type VisitorBrakeConfig,
  visitorBrakeConfig,
} from './config.ts';
import { PRICE_CURVE } from './leads/challenge-price.ts';
import { MAIL_TO, mailToVariable } from './leads/mail-to.ts';
import {
  SETTINGS,
  type SettingReader,
  settingsFileShape,
  settingsTable,
  settingVariable,
  settingVariables,
} from './settings.ts';

/** What each reader's function needs besides its settings. */
const BASE_ENV = {
  TABLE_NAME: 'leads',
  MAIL_FROM: 'Kryon <no-reply@kryon.example>',
  MAIL_TO: 'sales@kryon.example',
  SITE_ORIGIN: 'https://www.kryon.example',
  IP_HASH_SECRET: 'secret',
  SES_VISITOR_CONFIGURATION_SET: 'visitor',
  LEAD_EVENT_DESTINATIONS: '[]',
};
const CONFIG = {
  form: formConfig('contact'),
  challenge: challengeConfig,
  resend: resendConfig,
  'visitor-brake': visitorBrakeConfig,
  'lead-event-delivery': leadEventDeliveryConfig,
} satisfies Record<SettingReader, z.ZodMiniType>;
const fileSchema = z.object(settingsFileShape);
/** Texts that some text setting's rule takes: a new kind of text setting adds one here. */
const TEXT_VALUES = ['Europe/Berlin', 'Kryon Vertrieb'];

const definitions = Object.entries(SETTINGS).flatMap(([group, keys]) =>
  Object.entries(keys).map(([key, definition]) => ({ group, key, definition })),
);

describe('every setting, defined once', () => {
  it('has a doc, and a default its own rule accepts', () => {
    for (const { group, key, definition } of definitions) {
      expect(definition.doc, `${group}.${key}`).toMatch(/\w{3}/);
      expect(z.safeParse(definition.rule, definition.default).success, `${group}.${key}`).toBe(
        true,
      );
    }
  });

  it('is named by its path from the environment file to the variable', () => {
    expect(settingVariable('visitorMail', 'perAddress')).toBe('VISITOR_MAIL_PER_ADDRESS');
    expect(settingVariable('visitorBrake', 'coolDownMinutes')).toBe(
      'VISITOR_BRAKE_COOL_DOWN_MINUTES',
    );
    const variables = settingsTable().map((row) => row.variable);
    expect(new Set(variables).size).toBe(variables.length);
  });

  it('goes from the file to each function that reads it, and back, with the same value', () => {
    // A value other than the default for every setting, within its rule.
    const file: Record<string, Record<string, unknown>> = {};
    for (const { group, key, definition } of definitions) {
      const candidates =
        typeof definition.default === 'number'
          ? [definition.default + 1, definition.default - 1, definition.default / 2]
          : TEXT_VALUES;
      const value = candidates.find(
        (candidate) =>
          candidate !== definition.default && z.safeParse(definition.rule, candidate).success,
      );
      expect(value, `a value other than the default for ${group}.${key}`).toBeDefined();
      file[group] = { ...file[group], [key]: value };
    }
    const settings = z.parse(fileSchema, file);
    for (const reader of Object.keys(CONFIG) as SettingReader[]) {
      const variables = settingVariables(reader, settings);
      const read = readConfig(CONFIG[reader], { ...BASE_ENV, ...variables }).settings;
      for (const { group, key, definition } of definitions) {
        const readsIt = (definition.readBy as readonly string[]).includes(reader);
        const variable = settingVariable(group, key);
        expect(variable in variables, `${reader} is given ${variable}`).toBe(readsIt);
        const value = (read as Record<string, Record<string, unknown> | undefined>)[group]?.[key];
        expect(value, `${reader} reads ${group}.${key}`).toEqual(
          readsIt ? file[group]?.[key] : undefined,
        );
      }
    }
  });

  // A blank variable counts as unset, so the blank value is not among these.
  it('refuses at cold start what the environment file refuses, by the same rule', () => {
    let checked = 0;
    for (const { group, key, definition } of definitions) {
      const bad =
        typeof definition.default === 'number'
          ? [-1, 1.5, 10_000_001]
          : ['Mars/Olympus_Mons', 'a<b'];
      for (const value of bad) {
        const atSynth = z.safeParse(fileSchema, { [group]: { [key]: value } });
        if (atSynth.success) continue;
        const message = atSynth.error.issues[0]?.message;
        for (const reader of definition.readBy as readonly SettingReader[]) {
          const variable = settingVariable(group, key);
          expect(() =>
            readConfig(CONFIG[reader], { ...BASE_ENV, [variable]: ` ${value} ` }),
          ).toThrow(`Environment variable ${variable} ${message}`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(25);
  });

  it('refuses a number that is no number, naming the variable', () => {
    expect(() =>
      readConfig(CONFIG.form, { ...BASE_ENV, VISITOR_MAIL_PER_ADDRESS: 'lots' }),
    ).toThrow(
      'Environment variable VISITOR_MAIL_PER_ADDRESS must be a whole number from 1 to 20, not "lots"',
    );
  });

  it('checks what holds between settings at synth and at cold start alike', () => {
    const atSynth = z.safeParse(fileSchema, {
      visitorBrake: { coolDownMinutes: 120, maxCoolDownMinutes: 90 },
    });
    expect(atSynth.error?.issues[0]).toMatchObject({
      path: ['visitorBrake', 'maxCoolDownMinutes'],
      message: 'must be at least coolDownMinutes (the doubling starts there)',
    });
    expect(() =>
      readConfig(CONFIG['visitor-brake'], {
        ...BASE_ENV,
        VISITOR_BRAKE_COOL_DOWN_MINUTES: '120',
        VISITOR_BRAKE_MAX_COOL_DOWN_MINUTES: '90',
      }),
    ).toThrow(
      'Environment variable VISITOR_BRAKE_MAX_COOL_DOWN_MINUTES must be at least coolDownMinutes',
    );
  });

  it('refuses a price curve that cannot work', () => {
    for (const [challenge, path] of [
      [{ perDoubling: 0 }, 'perDoubling'],
      [{ maxLevel: 7 }, 'maxLevel'],
      [{ freePerWindow: -1 }, 'freePerWindow'],
    ] as const) {
      const result = z.safeParse(fileSchema, { challenge });
      expect(result.error?.issues[0]?.path).toEqual(['challenge', path]);
    }
    expect(z.parse(fileSchema, {}).challenge).toEqual({
      freePerWindow: PRICE_CURVE.free,
      perDoubling: PRICE_CURVE.perDoubling,
      maxLevel: PRICE_CURVE.maxLevel,
      rateLimitPerMinute: 30,
    });
  });

  it('reads decimal text only, as synth reads numbers', () => {
    for (const text of ['0x10', '1e1', '+5', '0b11', 'Infinity']) {
      expect(() =>
        readConfig(CONFIG.form, { ...BASE_ENV, VISITOR_MAIL_PER_ADDRESS: text }),
      ).toThrow(
        `Environment variable VISITOR_MAIL_PER_ADDRESS must be a whole number from 1 to 20, not "${text}"`,
      );
    }
    expect(
      readConfig(CONFIG.form, { ...BASE_ENV, VISITOR_MAIL_PER_ADDRESS: ' 12 ' }).settings
        .visitorMail,
    ).toMatchObject({ perAddress: 12 });
  });

  it('trims a text at synth as at cold start, so both hold the same value', () => {
    expect(z.parse(fileSchema, { visitorMail: { fromName: ' Kryon ' } }).visitorMail.fromName).toBe(
      'Kryon',
    );
  });

  it('takes no name another variable has, nor one Lambda reserves', () => {
    const others = new Set([
      ...Object.keys(ENVIRONMENT_VARIABLES),
      MAIL_TO,
      ...LEAD_FORMS.map(mailToVariable),
      'NODE_OPTIONS',
      'TZ',
    ]);
    for (const { variable } of settingsTable()) {
      expect(others.has(variable), variable).toBe(false);
      // Lambda's reserved variables (AWS_*, LAMBDA_*, _HANDLER, _X_AMZN_TRACE_ID…).
      expect(variable, variable).not.toMatch(/^(AWS_|LAMBDA_|_)/);
    }
  });

  it('types each function’s settings with what its kind is given, and nothing else', () => {
    expectTypeOf<FormConfig['settings']['visitorMail']>().toHaveProperty('perAddress');
    expectTypeOf<ResendConfig['settings']['visitorMail']>().not.toHaveProperty('perAddress');
    expectTypeOf<ChallengeConfig['settings']>().not.toHaveProperty('visitorMail');
    expectTypeOf<FormConfig['settings']['challenge']>().not.toHaveProperty('rateLimitPerMinute');
    expectTypeOf<VisitorBrakeConfig['settings']>().toEqualTypeOf<{
      visitorBrake: { coolDownMinutes: number; maxCoolDownMinutes: number };
    }>();
    expectTypeOf<LeadEventDeliveryConfig['settings']>().toEqualTypeOf<{
      sales: { timeZone: string };
    }>();
  });
});
