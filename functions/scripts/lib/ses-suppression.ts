import {
  DeleteSuppressedDestinationCommand,
  GetSuppressedDestinationCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { localSettings } from '../../local/environment.ts';
import { answersAsSes } from './local-stack.ts';

/**
 * SES's own account-level suppression list, beside ours: the visitor configuration set puts a
 * hard-bouncing or complaining address on it (decision 058), so a privacy request must take it
 * off there too. GetSuppressedDestination / DeleteSuppressedDestination, NotFoundException for
 * an address not on it:
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_DeleteSuppressedDestination.html
 */
export interface SesSuppressionList {
  description: string;
  /** The reason SES lists the address for (`BOUNCE`, `COMPLAINT`), or undefined. */
  find(address: string): Promise<string | undefined>;
  /** Takes the address off; false when it was not on the list. */
  remove(address: string): Promise<boolean>;
  close(): void;
}

/**
 * The deployed account's list (with `--table`: the credentials and region at hand, or
 * AWS_ENDPOINT_URL_SESV2), else the running `npm start`'s SES emulator; undefined when no
 * emulator runs (its list lives in that process only).
 */
export async function openSesSuppressionList(options: {
  table?: string;
  region?: string;
}): Promise<SesSuppressionList | undefined> {
  if (options.table) {
    const client = new SESv2Client(options.region ? { region: options.region } : {});
    const region = await client.config.region();
    return sesList(client, `SES's account suppression list in ${region}`);
  }
  const url = `http://127.0.0.1:${localSettings().sesPort}`;
  if (!(await answersAsSes(url))) return undefined;
  const client = new SESv2Client({
    endpoint: url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return sesList(client, `the SES emulator's suppression list at ${url}`);
}

function sesList(client: SESv2Client, description: string): SesSuppressionList {
  return {
    description,
    async find(address) {
      try {
        const { SuppressedDestination } = await client.send(
          new GetSuppressedDestinationCommand({ EmailAddress: address }),
        );
        return SuppressedDestination?.Reason ?? 'listed';
      } catch (error) {
        if (error instanceof NotFoundException) return undefined;
        throw error;
      }
    },
    async remove(address) {
      try {
        await client.send(new DeleteSuppressedDestinationCommand({ EmailAddress: address }));
        return true;
      } catch (error) {
        if (error instanceof NotFoundException) return false;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
