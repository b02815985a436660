import type { TestProject } from 'vitest/node';
import type { EmulatorUrls } from './provided-context.ts';

/**
 * Starts dynalite and aws-ses-v2-local once per run, in this process, on free ports of
 * 127.0.0.1. They are imported lazily: a static import of the emulators here costs seconds
 * on every run, unit-only runs included.
 */
export async function setup(project: TestProject) {
  const { startDynamo, startSes } = await import('../local/emulators.ts');
  const [dynamo, ses] = await Promise.all([startDynamo({ port: 0 }), startSes({ port: 0 })]);
  const urls: EmulatorUrls = { dynamoUrl: dynamo.url, sesUrl: ses.url };
  project.provide('dynamoUrl', urls.dynamoUrl);
  project.provide('sesUrl', urls.sesUrl);
  return async () => {
    await Promise.all([dynamo.close(), ses.close()]);
  };
}
