/** A store's floor plan as stored (stores.floor_plan, written by the venue import). */
import { EMPTY_FLOOR_PLAN, type FloorPlan } from "../../domain/table-openings";
import { fromJsonText } from "../db/columns";

export function floorPlanOf(text: string | undefined): FloorPlan {
  return text === undefined ? EMPTY_FLOOR_PLAN : { ...EMPTY_FLOOR_PLAN, ...fromJsonText<Partial<FloorPlan>>(text) };
}
