/**
 * Why a request to a local tool (the webhook inbox, the local event bus) is refused for its
 * Host, or undefined when it names the tool by its loopback address: `127.0.0.1:<port>` or
 * `localhost:<port>`, in any case. A page in the developer's browser can reach 127.0.0.1 under
 * a host name of its own that resolves there (DNS rebinding) and read the answers as its own
 * origin's; its requests carry that name, so they are refused. The Host itself is never
 * repeated in the answer.
 */
export function loopbackHostProblem(
  host: string | undefined,
  port: number,
  tool: string,
): string | undefined {
  const named = host?.toLowerCase();
  if (named === `127.0.0.1:${port}` || named === `localhost:${port}`) return undefined;
  return `${tool} answers at 127.0.0.1:${port} or localhost:${port} only.`;
}
