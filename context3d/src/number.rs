//! [`Float`]: the numbers of a `Vector.<Number>` argument as a VM holds them.

/// A number of a vector argument (`setProgramConstantsFromVector`,
/// `setProgramConstantsFromMatrix`, `VertexBuffer3D.uploadFromVector`): `f64`, AS3's `Number`
/// as content hands it over, or `f32`, for a VM that keeps (or converts into) 32-bit floats.
/// Context3D stores 32-bit floats either way: an `f64` is rounded to the nearest `f32`, as
/// Flash does; an `f32` is taken as it is. Implemented for `f32` and `f64` only.
pub trait Float: Copy + sealed::Sealed + 'static {
    /// The value as Context3D stores it.
    fn to_f32(self) -> f32;
    /// The value as AS3's `Number` (exact for both).
    fn to_f64(self) -> f64;
}

impl Float for f64 {
    #[inline]
    fn to_f32(self) -> f32 {
        self as f32
    }
    #[inline]
    fn to_f64(self) -> f64 {
        self
    }
}

impl Float for f32 {
    #[inline]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline]
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f64 {}
    impl Sealed for f32 {}
}
