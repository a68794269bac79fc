/**
 * How the worker answers a navigation to a server-rendered page (cache-rules.ts navigationAnswer):
 * the network's page when it comes within the time-out (an unknown spot's 404 page too), else the
 * fallback, which renders the same screen from the worker's copies of its reads. A server error
 * (a 502 from the proxy of a restarting server) is no page either. Pure over its inputs, so the
 * race is tested in node (server-page.test.ts).
 */
export async function pageOrFallback(
  network: Promise<Response>,
  fallback: () => Promise<Response>,
  timeoutMs: number,
): Promise<Response> {
  let stopTimer = () => {};
  const timedOut = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    stopTimer = () => clearTimeout(timer);
  });
  const answer = await Promise.race([network.catch(() => undefined), timedOut]);
  stopTimer();
  return answer !== undefined && answer.status < 500 ? answer : fallback();
}
