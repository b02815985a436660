/*
 * The part of CloudWatch Synthetics' Playwright library the canary uses. The runtime provides
 * the module (named `@aws/synthetics-playwright` from syn-nodejs-playwright-5.1 on: "Runtime
 * versions using Node.js and Playwright",
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Synthetics_Library_nodejs_playwright.html);
 * the bundle leaves it external. Signatures from "Library functions available for Node.js canary
 * scripts using Playwright".
 */
declare module '@aws/synthetics-playwright' {
  import type { Browser, BrowserContext, LaunchOptions, Page } from 'playwright-core';

  export const synthetics: {
    launch(options?: LaunchOptions): Promise<Browser>;
    newPage(browserOrContext: Browser | BrowserContext): Promise<Page>;
    executeStep<T>(stepName: string, functionToExecute: () => Promise<T>): Promise<T>;
    close(): Promise<void>;
  };
}
