import { CfnOutput, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailSendingProps {
  /** A domain (verified through Easy DKIM records) or a single e-mail address. */
  identity: string;
  /** The bare From address; IAM lets the functions send as this address only. */
  fromAddress: string;
}

/**
 * The SES side of the lead notifications: the sending identity, and a configuration set
 * that requires TLS, keeps reputation metrics and suppresses bounced or complaining
 * addresses.
 */
export class EmailSending extends Construct {
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly configurationSetArn: string;
  private readonly fromAddress: string;

  constructor(scope: Construct, id: string, props: EmailSendingProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });

    const isAddress = props.identity.includes('@');
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: isAddress ? Identity.email(props.identity) : Identity.domain(props.identity),
      configurationSet: this.configurationSet,
    });

    if (!isAddress) {
      // Ops publish these three CNAMEs in the domain's DNS; SES verifies the domain and
      // signs with DKIM once they resolve.
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          description: `DKIM CNAME ${index + 1} for ${props.identity}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
  }

  /** ses:SendEmail through this identity and configuration set, as the From address only. */
  sendStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [this.identity.emailIdentityArn, this.configurationSetArn],
      conditions: { StringEquals: { 'ses:FromAddress': this.fromAddress } },
    });
  }
}
