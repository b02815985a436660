// placeholder until the handler lands: the infrastructure bundles this path (the visitor
// stream's brake, a CloudWatch alarm action), and the real handler replaces this file at merge.
export async function handler(): Promise<void> {}
