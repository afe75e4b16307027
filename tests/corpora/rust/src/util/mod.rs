pub mod helpers;

// lode: shapes_lib.util.Config util.Config
pub struct Config;

// lode: shapes_lib.util.MAX
pub const MAX: u32 = 3;

// lode: shapes_lib.util.square
macro_rules! square {
    ($x:expr) => { $x * $x };
}
