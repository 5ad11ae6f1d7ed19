export * from "./app.js";
export * from "./server.js";
export * from "./static-apps.js";
export * from "./middlewares/error-handler.js";
