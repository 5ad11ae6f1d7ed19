/**
 * The back office (admin/, react-admin) is a separate app served at /admin/ with a hash router: the portal reaches
 * it with full page loads, never through its own router.
 */
export const BACK_OFFICE_URL = "/admin/";

/** The back office's Communication Hub: every conversation and every project's poster to start one with. */
export const COMMUNICATION_HUB_URL = "/admin/#/communication";
