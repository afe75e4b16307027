import { Base } from "./shape";
import * as sh from "./shape";

// lode-impl: shapes.shape.Base
// lode: shapes.circle.Circle circle.Circle shapes.Circle
export class Circle extends Base {
  // lode: shapes.circle.Circle.radius
  radius = 1;

  // lode: shapes.circle.Circle.area Circle.area
  area(): number {
    return 3.14 * this.radius ** 2;
  }
}

// lode-impl: shapes.shape.Shape
// lode: shapes.circle.Square
export class Square implements sh.Shape {
  // lode: shapes.circle.Square.area Square.area
  area(): number {
    return 1;
  }
}

// lode: shapes.circle.makeCircle circle.makeCircle shapes.makeCircle
export function makeCircle(): Circle {
  return new Circle();
}
