/**
 * Staff screens of one store (spec §2 open-tables, open-rooms...): the signed-in waiter or admin of
 * that store, else "not-allowed" (guests, visitors, staff of another store). The API refuses them
 * too (403/404); this only spares them a screen of errors.
 */
import type { Session } from "../../../session/session";
import { useSession } from "../../../session/use-session";

export type StaffAccess =
  | { kind: "loading" }
  | { kind: "not-allowed" }
  | { kind: "staff"; session: Session; isAdmin: boolean };

export function useStaffOfStore(storeId: number): StaffAccess {
  const session = useSession();
  if (session === undefined) return { kind: "loading" };
  const role = session?.user.role;
  if (session === null || (role !== "WAITER" && role !== "ADMIN") || session.user.storeId !== storeId) {
    return { kind: "not-allowed" };
  }
  return { kind: "staff", session, isAdmin: role === "ADMIN" };
}
