/** What the integration global setup hands to every integration test file. */
export interface EmulatorUrls {
  dynamoUrl: string;
  sesUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext extends EmulatorUrls {}
}
