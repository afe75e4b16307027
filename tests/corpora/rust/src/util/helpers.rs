// lode: shapes_lib.util.helpers.clamp helpers.clamp shapes_lib.clamp_value
pub fn clamp(x: f64) -> f64 {
    // lode-ref: shapes_lib.version
    let _v = crate::version();
    // lode-ref: shapes_lib.geometry.Circle
    let _c: Option<crate::geometry::Circle> = None;
    x
}

// lode: helpers.outer
fn outer() {
    // lode: helpers.outer.Local
    struct Local;
    impl Local {
        // lode: helpers.outer.Local.go Local.go
        fn go(&self) {}
    }
}
