/**
 * Resolves in a new task, so that the work after it does not add to the task before it: the app's
 * start is split where no step needs the next in the same task, and the browser can paint or answer
 * a tap between them (Lighthouse counts each task's time over 50 ms as blocking).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
