/**
 * Shapes of the venue's own changes to its catalogue. TypeBox schemas: the server validates and
 * serializes with them; the app imports only the types.
 *
 *   PUT /api/staff/stores/:storeId/items/:itemId/stock  + Idempotency-Key
 *                                          ItemStockChange -> ItemStock (waiters and admins of that store)
 */
import { type Static, Type } from "typebox";

const closed = { additionalProperties: false } as const;
const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The most pieces a stock amount may count; more is a typing slip, not a stock. */
export const MAX_STOCK_AMOUNT = 1_000_000;

export const StoreItemParamsSchema = Type.Object({ storeId: Id, itemId: Id }, closed);
export type StoreItemParams = Static<typeof StoreItemParamsSchema>;

export const ItemStockChangeSchema = Type.Object(
  {
    stockEnabled: Type.Boolean({ description: "Whether the item's stock is counted; false: never sold out" }),
    stockAmount: Type.Union([Type.Integer({ minimum: 0, maximum: MAX_STOCK_AMOUNT }), Type.Null()], {
      description: "Pieces left (0: sold out); required when stockEnabled, not kept (null) when not",
    }),
  },
  closed,
);
export type ItemStockChange = Static<typeof ItemStockChangeSchema>;

export const ItemStockSchema = Type.Object(
  {
    itemId: Id,
    stockEnabled: Type.Boolean(),
    stockAlignedToCartAddition: Type.Boolean(),
    stockAmount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  closed,
);
export type ItemStock = Static<typeof ItemStockSchema>;
