const std = @import("std");
pub const geometry = @import("geometry.zig");
const Shape = geometry.Shape;

// lode: main.main
pub fn main() void {
    // lode-ref: geometry.unit
    const s = geometry.unit();
    _ = s.area();
}
