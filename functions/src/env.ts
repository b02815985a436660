/**
 * Environment variables are read once, at module load, so a misconfigured function fails
 * at cold start with a clear message instead of on the first visitor's request.
 */
export function requiredEnv(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export function optionalEnv(
  name: string,
  fallback: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  return env[name]?.trim() || fallback;
}

/** A comma-separated list, e.g. MAIL_TO=sales@x.io,ops@x.io. */
export function listEnv(name: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const list = requiredEnv(name, env)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error(`Environment variable ${name} lists nothing`);
  return list;
}
