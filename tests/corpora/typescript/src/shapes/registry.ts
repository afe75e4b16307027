import { Shape } from "./shape";

// Shapes kept by name. `S` is a type parameter; `keep`'s own type parameter is called
// Shape as well and, inside `keep`, hides the imported interface: its uses there are
// no references to shapes.shape.Shape.
// lode: shapes.registry.Registry
export class Registry<S extends Shape> {
  private readonly byName = new Map<string, S>();

  // lode: shapes.registry.Registry.add
  add(name: string, shape: S): S {
    this.byName.set(name, shape);
    return shape;
  }
}

// lode: shapes.registry.keep
export function keep<Shape extends { area(): number }>(shapes: Shape[], min: number): Shape[] {
  return shapes.filter((s: Shape) => s.area() >= min);
}

// lode: shapes.registry.total
export function total(shapes: Shape[]): number {
  // lode-ref: shapes.shape.Shape.area
  return shapes.reduce((sum, s: Shape) => sum + s.area(), 0);
}
