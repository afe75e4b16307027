export { Circle, makeCircle } from "./circle";
export * from "./shape";
export type { Shape as AnyShape } from "./shape";

// lode: shapes.VERSION
export const VERSION = "1";
