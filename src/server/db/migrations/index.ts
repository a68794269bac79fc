/**
 * All migrations, in code (no files read at run time, so they work from any working directory and
 * in a bundle). Names sort in the order they must run; never rename or edit a released one.
 */
import type { Migration } from "kysely";
import type { DialectName } from "../schema";
import { initialSchema } from "./001-initial-schema";
import { accountsSchema } from "./002-accounts";
import { ordersSchema } from "./003-orders";
import { tableOpeningsSchema } from "./004-table-openings";
import { spotNamesSchema } from "./005-spot-names";
import { waiterOrdersSchema } from "./006-waiter-orders";
import { orderDecidedBySchema } from "./007-order-decided-by";
import { staffSignInSchema } from "./008-staff-sign-in";
import { jobsSchema } from "./009-jobs";
import { cardTokensSchema } from "./010-card-tokens";
import { jobsClaimOrderSchema } from "./011-jobs-claim-order";
import { claimedBySchema } from "./012-claimed-by";
import { kitchenSchema } from "./013-kitchen";
import { guestBillSchema } from "./014-guest-bill";
import { rentalsSchema } from "./015-rentals";
import { itemAllergensSchema } from "./016-item-allergens";
import { memberAndServedBySchema } from "./017-member-and-served-by";
import { orderNotifyEmailSchema } from "./018-order-notify-email";
import { finalReceiptsSchema } from "./021-final-receipts";
import { itemVersionSchema } from "./022-item-version";
import { servicePauseSchema } from "./023-service-pause";
import { auditEntriesSchema } from "./024-audit-entries";
import { staffActiveVersionSchema } from "./025-staff-active-version";
import { editVersionsSchema } from "./026-edit-versions";

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    "001-initial-schema": initialSchema(dialect),
    "002-accounts": accountsSchema(dialect),
    "003-orders": ordersSchema(dialect),
    "004-table-openings": tableOpeningsSchema(dialect),
    "005-spot-names": spotNamesSchema(),
    "006-waiter-orders": waiterOrdersSchema(),
    "007-order-decided-by": orderDecidedBySchema(),
    "008-staff-sign-in": staffSignInSchema(dialect),
    "009-jobs": jobsSchema(dialect),
    "010-card-tokens": cardTokensSchema(),
    "011-jobs-claim-order": jobsClaimOrderSchema(),
    "012-claimed-by": claimedBySchema(),
    "013-kitchen": kitchenSchema(dialect),
    "014-guest-bill": guestBillSchema(dialect),
    "015-rentals": rentalsSchema(),
    "016-item-allergens": itemAllergensSchema(),
    "017-member-and-served-by": memberAndServedBySchema(),
    "018-order-notify-email": orderNotifyEmailSchema(),
    "021-final-receipts": finalReceiptsSchema(),
    "022-item-version": itemVersionSchema(),
    "023-service-pause": servicePauseSchema(),
    "024-audit-entries": auditEntriesSchema(dialect),
    "025-staff-active-version": staffActiveVersionSchema(),
    "026-edit-versions": editVersionsSchema(),
  };
}
