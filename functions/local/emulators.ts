import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { boundPort, closeServer, listenOnLoopback } from './http-body.ts';

const require = createRequire(import.meta.url);

export interface Emulator {
  url: string;
  close(): Promise<void>;
}

/**
 * dynalite (DynamoDB's API on LevelDB) in this process; data on disk under `path`. Tables
 * change state at once unless `tableDelayMs` asks for DynamoDB's CREATING/DELETING window.
 */
export async function startDynamo(options: {
  port: number;
  path?: string;
  tableDelayMs?: number;
}): Promise<Emulator> {
  const dynalite = require('dynalite') as (opts: object) => Server;
  if (options.path) mkdirSync(options.path, { recursive: true });
  const delay = options.tableDelayMs ?? 0;
  const server = dynalite({
    createTableMs: delay,
    deleteTableMs: delay,
    updateTableMs: delay,
    path: options.path,
  });
  return listen(server, options.port);
}

/** The local SES v2 account the emulator reports to GetAccount (the health check reads it). */
const LOCAL_SES_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  Details: {
    AdditionalContactEmailAddresses: [],
    ContactLanguage: 'EN',
    MailType: 'TRANSACTIONAL',
    ReviewDetails: { CaseId: 'local', Status: 'GRANTED' },
    UseCaseDescription: 'Kryon website lead notifications (local emulator)',
    WebsiteURL: 'http://127.0.0.1',
  },
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendingEnabled: true,
  SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 0 },
  SuppressionAttributes: { SuppressedReasons: [] },
};

/** aws-ses-v2-local in this process: the SES v2 API, plus its web inbox at `/`. */
export async function startSes(options: { port: number }): Promise<Emulator> {
  process.env.AWS_SES_ACCOUNT ??= JSON.stringify(LOCAL_SES_ACCOUNT);
  const mod = (await import('aws-ses-v2-local')) as unknown as {
    default: { default?: SesServer } & SesServer;
  };
  const start = mod.default.default ?? mod.default;
  const server = await start({ host: '127.0.0.1', port: options.port });
  const port = boundPort(server, options.port);
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}

type SesServer = (config: { host: string; port: number }) => Promise<Server>;

async function listen(server: Server, port: number): Promise<Emulator> {
  const actual = await listenOnLoopback(server, port);
  return { url: `http://127.0.0.1:${actual}`, close: () => closeServer(server) };
}
