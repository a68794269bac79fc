/**
 * Runs `start` once the browser has painted the page as it came: a frame is painted after its
 * requestAnimationFrame callbacks, so a task queued from one runs after that paint. A hidden page
 * (a tab opened in the background) gets no frames until it is shown: it starts at once, as there
 * is no paint to wait for.
 */
export function afterFirstPaint(start: () => void): void {
  if (document.visibilityState === "hidden") {
    start();
    return;
  }
  requestAnimationFrame(() => setTimeout(start, 0));
}
