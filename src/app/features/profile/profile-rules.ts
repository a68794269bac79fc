/**
 * The profile form's rules (spec §5 "valid e-mail"; server README: `null` removes name or e-mail).
 * Answers the update to send, or the field that is wrong.
 */
import type { UpdateUserRequest } from "../../../domain/auth-api";

export interface ProfileValues {
  name: string;
  email: string;
  optedInForNewsletter: boolean;
}

// One @, something on each side, a dot in the domain, no spaces: what a person can mistype, not RFC 5322.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PROFILE_LIMITS = { name: 120, email: 254 } as const;

export type ProfileCheck =
  | { ok: true; update: UpdateUserRequest }
  | { ok: false; field: "email"; error: "invalid-email" };

export function checkProfile(values: ProfileValues): ProfileCheck {
  const name = values.name.trim();
  const email = values.email.trim();
  if (email && !EMAIL.test(email)) return { ok: false, field: "email", error: "invalid-email" };
  return {
    ok: true,
    update: {
      name: name ? name.slice(0, PROFILE_LIMITS.name) : null,
      email: email || null,
      optedInForNewsletter: values.optedInForNewsletter,
    },
  };
}
