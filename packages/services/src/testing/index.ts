// Test support shared by the services, server and seed tests: fresh migrated databases per test file.
export { openTestDatabase } from "./test-database.js";
export { recordReliability, type ReliabilityFigure } from "./reliability.js";
export { startMailCatcher, type MailCatcher, type CaughtMail } from "./mail-catcher.js";
export { adminUrl, databaseUrlFor } from "./pg-urls.js";
export { listeningTcpPorts, openToOthers, type ModeWalk } from "./file-modes.js";
