/** The back office's screens, each in its frame (BackOfficePage.tsx). */
import { AuditScreen } from "./AuditScreen";
import { BackOfficePage } from "./BackOfficePage";
import { ItemsEditor } from "./ItemsEditor";
import { ServicesScreen } from "./ServicesScreen";
import { SpotsScreen } from "./SpotsScreen";
import { StaffScreen } from "./StaffScreen";

export function BackOfficeItemsScreen() {
  return <BackOfficePage section="items">{(storeId) => <ItemsEditor storeId={storeId} />}</BackOfficePage>;
}

export function BackOfficeStaffScreen() {
  return <BackOfficePage section="staff">{(storeId) => <StaffScreen storeId={storeId} />}</BackOfficePage>;
}

export function BackOfficeAuditScreen() {
  return <BackOfficePage section="audit">{(storeId) => <AuditScreen storeId={storeId} />}</BackOfficePage>;
}

export function BackOfficeSpotsScreen() {
  return <BackOfficePage section="spots">{(storeId) => <SpotsScreen storeId={storeId} />}</BackOfficePage>;
}

export function BackOfficeServicesScreen() {
  return <BackOfficePage section="services">{(storeId) => <ServicesScreen storeId={storeId} />}</BackOfficePage>;
}
