/**
 * Test-only stand-in for @tanstack/react-router in screen tests that render without a router:
 * a Link is an anchor with the resolved path (what the tests look at), useNavigate a spy.
 *
 *   vi.mock("@tanstack/react-router", () => import("../../test-support/router-stub"));
 *   import { navigate } from "../../test-support/router-stub";
 */
import type { ReactNode } from "react";
import { vi } from "vitest";

export const navigate = vi.fn();

export function useNavigate() {
  return navigate;
}

interface LinkProps {
  children: ReactNode;
  className?: string;
  to: string;
  params?: Record<string, unknown>;
}

export function Link({ children, className, to, params }: LinkProps) {
  return (
    <a className={className} href={to.replace(/\$(\w+)/g, (_, key: string) => String(params?.[key]))}>
      {children}
    </a>
  );
}
