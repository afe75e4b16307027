// lode: shapes.shape.Shape shape.Shape
export interface Shape {
  // lode: shapes.shape.Shape.area Shape.area
  area(): number;
}

// lode: shapes.shape.Base
export abstract class Base implements Shape {
  // lode: shapes.shape.Base.area Base.area
  abstract area(): number;

  // lode: shapes.shape.Base.describe
  describe(): string {
    return `area ${this.area()}`;
  }
}
