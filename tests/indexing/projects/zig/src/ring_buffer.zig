const std = @import("std");

/// A fixed-capacity FIFO queue over a caller-provided slice.
pub const RingBuffer = struct {
    data: []u8,
    head: usize = 0,
    len: usize = 0,

    /// Append one byte; fails when the buffer is full.
    pub fn push(self: *RingBuffer, byte: u8) error{Full}!void {
        if (self.len == self.data.len) return error.Full;
        self.data[(self.head + self.len) % self.data.len] = byte;
        self.len += 1;
    }

    /// Remove and return the oldest byte, or null when empty.
    pub fn pop(self: *RingBuffer) ?u8 {
        if (self.len == 0) return null;
        const byte = self.data[self.head];
        self.head = (self.head + 1) % self.data.len;
        self.len -= 1;
        return byte;
    }
};

test "push then pop" {
    var storage: [4]u8 = undefined;
    var rb = RingBuffer{ .data = &storage };
    try rb.push(7);
    try std.testing.expectEqual(@as(?u8, 7), rb.pop());
}
