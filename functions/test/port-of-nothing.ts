import { createServer } from 'node:http';

export interface HeldPort {
  port: number;
  close(): Promise<void>;
}

/**
 * A port on which no emulator answers, held until close(): it answers 404 to anything, so
 * the probes for a running DynamoDB or SES emulator say no. A port merely taken from the
 * system and released could be bound by another test file's emulator before the probe.
 */
export async function holdPortOfNothing(): Promise<HeldPort> {
  const server = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
