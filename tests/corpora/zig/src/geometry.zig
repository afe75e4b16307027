const std = @import("std");

// lode: geometry.Shape src.geometry.Shape
pub const Shape = struct {
    r: f64,

    // lode: geometry.Shape.area Shape.area
    pub fn area(self: Shape) f64 {
        return 3.14 * self.r * self.r;
    }

    // lode: geometry.Shape.Kind Shape.Kind
    pub const Kind = enum {
        round,

        // lode: geometry.Shape.Kind.name Kind.name
        pub fn name(self: Kind) []const u8 {
            _ = self;
            return "round";
        }
    };
};

// lode: geometry.unit
pub fn unit() Shape {
    return .{ .r = 1 };
}
