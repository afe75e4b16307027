// lode: shape.Shape
export class Shape {
  // lode: shape.Shape.area Shape.area
  area() {
    return 0;
  }
}

// lode-impl: shape.Shape
// lode: shape.Square
export class Square extends Shape {
  // lode: shape.Square.constructor
  constructor(side) {
    super();
    this.side = side;
  }
}

// lode: shape.unit
export const unit = () => new Square(1);
