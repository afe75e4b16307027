// lode-ref: shapes.circle.makeCircle
import { makeCircle } from "./shapes";

// lode: main.main
export function main(): number {
  return makeCircle().area();
}
