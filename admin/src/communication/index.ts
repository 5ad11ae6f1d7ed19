import { lazy } from "react";

/** The Communication Hub's path in the back office's router (a custom route, not a resource). */
export const COMMUNICATION_PATH = "/communication";

export const CommunicationHub = lazy(() => import("./CommunicationHub"));
