/**
 * The kind of a service (spec §3 Service "type", domain/service-kinds.ts) as an icon and a word on
 * its card: a beach bar, a café, room service... The word is left out where the service's own name
 * already says it (a café called "Café"); the icon stays, as decoration.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { type ServiceKind, serviceKindOf } from "../../../domain/service-kinds";

const KIND_WORDS: Record<ServiceKind, MessageDescriptor> = {
  BEACH_BAR: msg`Beach bar`,
  BAR: msg`Bar`,
  CAFE: msg`Café`,
  RESTAURANT: msg`Restaurant`,
  ROOM_SERVICE: msg`Room service`,
  DELIVERY: msg`Delivery`,
};

const stroke = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

const KIND_ICONS: Record<ServiceKind, ReactNode> = {
  BEACH_BAR: (
    <>
      <path {...stroke} d="M3 11a9 7 0 0 1 18 0z" />
      <path {...stroke} d="M12 11v9M8 20h8" />
    </>
  ),
  BAR: <path {...stroke} d="M5 4h14l-7 8zM12 12v8M8 20h8" />,
  CAFE: (
    <>
      <path {...stroke} d="M4 8h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" />
      <path {...stroke} d="M16 10h2a2 2 0 0 1 0 4h-2M7 4v1M11 4v1" />
    </>
  ),
  RESTAURANT: <path {...stroke} d="M7 3v18M4 3v5a3 3 0 0 0 6 0V3M17 21V3c-2 2-3 5-3 8h3" />,
  ROOM_SERVICE: <path {...stroke} d="M3 17h18M5 17a7 7 0 0 1 14 0M12 8V6M10 6h4M3 20h18" />,
  DELIVERY: (
    <>
      <path {...stroke} d="M3 7h11v9H3zM14 10h4l3 3v3h-7" />
      <circle {...stroke} cx="7" cy="18" r="2" />
      <circle {...stroke} cx="17" cy="18" r="2" />
    </>
  ),
};

export function ServiceKindMark({ type, serviceName }: { type: string; serviceName: string }) {
  const { i18n } = useLingui();
  const kind = serviceKindOf(type);
  if (kind === null) return null;
  const word = i18n._(KIND_WORDS[kind]);
  const saidByName = serviceName.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
  return (
    <p className="service-card__kind" data-kind={kind}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        {KIND_ICONS[kind]}
      </svg>
      {!saidByName && <span>{word}</span>}
    </p>
  );
}
