import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { serviceMenuRoute } from "../menu/service-menu-route";
import { EmptyStatePage } from "../shell/EmptyStatePage";

interface EmptyCartProps {
  title: string;
  heading?: ReactNode;
  body?: ReactNode;
}

/** The cart screens before the cart exists: an empty cart with the way back to the menu. */
export function EmptyCart({ title, heading, body }: EmptyCartProps) {
  const { table, service } = serviceMenuRoute.useLoaderData();
  return (
    <EmptyStatePage
      title={title}
      art="bag"
      heading={heading ?? <Trans>Your cart is empty</Trans>}
      body={body ?? <Trans>Add something from the menu and it will appear here.</Trans>}
      actions={
        <Link to="/$service/$tableId" params={{ service: service.slug, tableId: table.spot.id }} className="button">
          <Trans>Back to the menu</Trans>
        </Link>
      }
    />
  );
}
