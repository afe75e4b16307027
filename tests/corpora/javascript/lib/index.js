// lode-ref: shape.unit
import { unit as u } from "./shape.js";

export { Shape as BaseShape, unit } from "./shape.js";

// lode: index.twice
export function twice() {
  return [u(), u()];
}
