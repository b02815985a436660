/**
 * A CloudWatch alarm's Lambda action payload, shaped as the CloudWatch User Guide shows it
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/AlarmThatSendsEmail.html#Lambda-action-payload).
 */
export function alarmEvent(state: string, previous: string, alarmName = 'kryon-VisitorBounceRate') {
  return {
    source: 'aws.cloudwatch',
    alarmArn: `arn:aws:cloudwatch:eu-west-1:111122223333:alarm:${alarmName}`,
    accountId: '111122223333',
    time: '2026-11-26T10:05:00.000+0000',
    region: 'eu-west-1',
    alarmData: {
      alarmName,
      state: {
        value: state,
        reason:
          'Threshold Crossed: 1 out of the last 1 datapoints [0.061 (26/11/26 10:00:00)] was greater than or equal to the threshold (0.04).',
        timestamp: '2026-11-26T10:05:00.000+0000',
      },
      previousState: {
        value: previous,
        reason: 'Threshold Crossed: no datapoints were above the threshold.',
        timestamp: '2026-11-26T09:00:00.000+0000',
      },
      configuration: {
        metrics: [
          {
            id: 'm1',
            metricStat: {
              metric: {
                namespace: 'AWS/SES',
                name: 'Reputation.BounceRate',
                dimensions: { 'ses:configuration-set': 'kryon-visitor' },
              },
              period: 3600,
              stat: 'Average',
            },
            returnData: true,
          },
        ],
      },
    },
  };
}
