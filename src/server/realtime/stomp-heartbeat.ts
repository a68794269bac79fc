/**
 * STOMP 1.2 heart-beat negotiation. The client's CONNECT says `heart-beat:cx,cy` (it can send every
 * cx ms, wants to receive every cy ms); the server has its own sx (the shortest interval it is
 * willing to send at) and sy (the shortest it is willing to receive at). Then:
 *   server -> client every max(sx, cy) ms, none when either is 0;
 *   client -> server every max(cx, sy) ms, none when either is 0.
 * The CONNECTED frame carries the negotiated pair, which gives the client the same result.
 */
export interface HeartBeat {
  /** ms between the server's heart-beats; 0: none. */
  outgoingMs: number;
  /** ms the client promised between its heart-beats; 0: none (silence is then allowed). */
  incomingMs: number;
}

const HEADER = /^(\d{1,9}),(\d{1,9})$/;

/** null: a malformed header (the connection gets an ERROR frame). */
export function negotiateHeartBeat(
  header: string | undefined,
  server: { sendMs: number; receiveMs: number },
): HeartBeat | null {
  if (header === undefined) return { outgoingMs: 0, incomingMs: 0 };
  const match = HEADER.exec(header.trim());
  if (match === null) return null;
  const clientSends = Number(match[1]);
  const clientWants = Number(match[2]);
  return {
    outgoingMs: clientWants === 0 || server.sendMs === 0 ? 0 : Math.max(server.sendMs, clientWants),
    incomingMs: clientSends === 0 || server.receiveMs === 0 ? 0 : Math.max(server.receiveMs, clientSends),
  };
}
