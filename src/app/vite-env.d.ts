/** Build-time settings the app reads (README "Configuration", "App build settings"). */
interface ImportMetaEnv {
  /** Base URL of the admin service (spec §7); default: this origin's /admin-api. */
  readonly VITE_ADMIN_API_URL?: string;
}
