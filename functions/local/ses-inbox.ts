/**
 * One e-mail as the SES emulator (aws-ses-v2-local) lists it at `GET /store`: what its web
 * inbox shows. The one declaration of it, for the local tools, the integration tests and the
 * browser journeys.
 */
export interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** When the emulator received it, in seconds since the epoch. */
  at: number;
}

/** Every e-mail the emulator at `sesUrl` holds, oldest first. */
export async function storedEmails(sesUrl: string): Promise<StoredEmail[]> {
  const response = await fetch(`${sesUrl}/store`);
  if (!response.ok) throw new Error(`The SES emulator's store answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails;
}
