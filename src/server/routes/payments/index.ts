// PLACEHOLDER wired by the lead; replaced by its owner (S1).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { OrdersContext } from "../../orders/context";

export const paymentRoutes: FastifyPluginAsyncTypebox<{ ctx: OrdersContext }> = async () => {};
