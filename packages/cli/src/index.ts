export { buildProgram } from "./program.js";
export { describeFailure, exitCodeByKind } from "./exit-codes.js";
