import { CfnOutput, Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  Identity,
  type IEmailIdentity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface EmailSendingProps {
  /** A domain (verified through Easy DKIM records) or a single e-mail address. */
  identity: string;
  /** The bare From address; IAM lets the functions send as this address only. */
  fromAddress: string;
  /**
   * The identity is in SES already: use it instead of creating it. CloudFormation cannot
   * create an identity that exists (AlreadyExists), and cannot take one over either.
   */
  identityExists?: boolean;
}

/**
 * The SES side of the lead notifications: the sending identity, and a configuration set
 * that requires TLS, keeps reputation metrics and suppresses bounced or complaining
 * addresses. The functions name the configuration set on every send, so an existing identity
 * (whose default configuration set the stack cannot set) is covered as well.
 */
export class EmailSending extends Construct {
  readonly identity: IEmailIdentity;
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
    if (props.identityExists) {
      this.identity = EmailIdentity.fromEmailIdentityName(this, 'Identity', props.identity);
    } else {
      const created = new EmailIdentity(this, 'Identity', {
        identity: isAddress ? Identity.email(props.identity) : Identity.domain(props.identity),
        configurationSet: this.configurationSet,
      });
      this.identity = created;
      if (!isAddress) {
        // SES gives these three CNAMEs only once it has created the identity: ops publish
        // them in the domain's DNS after this deploy, and SES verifies the domain (and signs
        // with DKIM) once they resolve, within 72 hours. Until then every send is refused.
        created.dkimRecords.forEach((record, index) => {
          new CfnOutput(this, `DkimRecord${index + 1}`, {
            description: `DKIM CNAME ${index + 1} for ${props.identity}`,
            value: `${record.name} CNAME ${record.value}`,
          });
        });
      }
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

  /** ses:GetEmailIdentity of this identity only: whether SES may send as it yet. */
  readIdentityStatement(): PolicyStatement {
    return new PolicyStatement({
      actions: ['ses:GetEmailIdentity'],
      resources: [this.identity.emailIdentityArn],
    });
  }
}
