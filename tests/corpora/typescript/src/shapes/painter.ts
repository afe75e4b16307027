import { Circle, Square } from "./circle";

// Constructor parameter properties are the class's properties, typed as written.
// lode: shapes.painter.Painter
export class Painter {
  constructor(
    // lode: shapes.painter.Painter.canvas Painter.canvas
    private readonly canvas: Circle,
    // lode: shapes.painter.Painter.frame
    readonly frame: Square,
    // lode: shapes.painter.Painter.scale
    public scale?: number,
    options: { dpi: number } = { dpi: 96 },
  ) {}

  // lode: shapes.painter.Painter.paint
  paint(): number {
    // lode-ref: shapes.circle.Circle.radius
    return this.canvas.radius * (this.scale ?? 1);
  }

  // lode: shapes.painter.Painter.framed
  framed(): number {
    // lode-ref: shapes.circle.Square.area
    return this.frame.area();
  }
}
