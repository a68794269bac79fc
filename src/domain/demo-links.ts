/** Kinds of link the demo lists (landing page, start-up output). */
export const DEMO_LINK_KINDS = ["table", "umbrella", "beach-chair", "room", "delivery", "pda", "pin"] as const;
export type DemoLinkKind = (typeof DEMO_LINK_KINDS)[number];
