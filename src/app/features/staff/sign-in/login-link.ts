/**
 * The link an admin's device shows (as text and QR code) to sign a waiter's PDA in once:
 * /staff-sign-in?userId=&storeId= with the login token in the URL fragment, which browsers never
 * send, so the token reaches no server log, proxy or Referer.
 */
export interface LoginLink {
  userId: number;
  storeId: number;
  loginToken: string;
}

export function loginLinkUrl(link: LoginLink, origin: string = globalThis.location.origin): string {
  const url = new URL("/staff-sign-in", origin);
  url.searchParams.set("userId", String(link.userId));
  url.searchParams.set("storeId", String(link.storeId));
  url.hash = new URLSearchParams({ token: link.loginToken }).toString();
  return url.href;
}

/** Reads a link back (the sign-in page); undefined when a part is missing or malformed. */
export function parseLoginLink(search: string, hash: string): LoginLink | undefined {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const userId = Number(query.get("userId"));
  const storeId = Number(query.get("storeId"));
  const loginToken = fragment.get("token") ?? "";
  if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isSafeInteger(storeId) || storeId < 1) return undefined;
  if (!/^[A-Za-z0-9_-]{43}$/.test(loginToken)) return undefined;
  return { userId, storeId, loginToken };
}
