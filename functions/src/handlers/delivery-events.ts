// placeholder until the handler lands: the infrastructure bundles this path (SES delivery
// events from EventBridge), and the real handler replaces this file at merge.
export async function handler(): Promise<void> {}
