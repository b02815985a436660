import type { IncomingMessage, Server } from 'node:http';

/*
 * What every local server shares: reading a body, listening on 127.0.0.1, closing.
 */

/**
 * A request's (or an upstream answer's) body, whole; with `max`, undefined once it passes `max`
 * bytes: the rest is read and dropped, so the request can still be answered. The one reader of
 * the local servers (the site and API, the SES proxy, the webhook inbox).
 */
export function readBody(stream: IncomingMessage): Promise<Buffer>;
export function readBody(stream: IncomingMessage, max: number): Promise<Buffer | undefined>;
export function readBody(stream: IncomingMessage, max = Infinity): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= max) chunks.push(chunk);
    });
    stream.on('end', () => resolve(size <= max ? Buffer.concat(chunks) : undefined));
    stream.on('error', reject);
  });
}

/** Closes a local server, its kept-alive connections included, so a test or Ctrl-C ends at once. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/** The port a listening server got: the one asked for, or the free one 0 found. */
export function boundPort(server: Server, asked: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : asked;
}

/**
 * Starts a local server on 127.0.0.1 alone (never every interface: the local tools hold leads
 * and secrets) at `port` (0: any free one), and says which port it got.
 */
export function listenOnLoopback(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(boundPort(server, port)));
  });
}
