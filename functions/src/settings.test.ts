import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  challengeConfig,
  formConfig,
  readConfig,
  resendConfig,
  visitorBrakeConfig,
} from './config.ts';
import { PRICE_CURVE } from './leads/challenge-price.ts';
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
};
const CONFIG = {
  form: formConfig('contact'),
  challenge: challengeConfig,
  resend: resendConfig,
  'visitor-brake': visitorBrakeConfig,
} satisfies Record<SettingReader, z.ZodMiniType>;
const fileSchema = z.object(settingsFileShape);

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
      const value =
        typeof definition.default === 'number'
          ? [definition.default + 1, definition.default - 1, definition.default / 2].find(
              (candidate) => z.safeParse(definition.rule, candidate).success,
            )
          : group === 'sales'
            ? 'Europe/Berlin'
            : 'Kryon Vertrieb';
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
});
