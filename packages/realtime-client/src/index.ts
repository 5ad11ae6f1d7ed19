export * from "./connection.js";
export * from "./react.js";
