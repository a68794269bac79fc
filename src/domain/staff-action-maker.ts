/**
 * Whose session a waiter's queued action goes out under. A staff action (a payment, an accept...)
 * is money attributed to the waiter who sends it, and a PDA is shared: a waiter may queue an action
 * offline and lock the PDA, and the next waiter signs in before the connection returns. Sent then
 * under the next waiter's session, the action would be recorded as theirs.
 *
 * So a queued action goes out only while the waiter who made it is signed in. While nobody is, it
 * waits. While another waiter is (or the action is from an older app that did not record who made
 * it), it is shown to that waiter, who either sends it as themselves, knowingly, or discards it.
 */

export type QueuedActionTurn =
  /** Its maker is signed in: it goes out under their session. */
  | "send"
  /** Nobody is signed in: it waits for its maker (or the next waiter's decision). */
  | "wait"
  /** Someone else is signed in: they are asked to send it as themselves or discard it. */
  | "ask";

export function queuedActionTurn(madeByUserId: number | undefined, signedInUserId: number | null): QueuedActionTurn {
  if (signedInUserId === null) return "wait";
  return madeByUserId === signedInUserId ? "send" : "ask";
}
