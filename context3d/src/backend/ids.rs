//! The ids of the objects a backend holds: small `Copy` keys, unique for the life of a context.

macro_rules! resource_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        ///
        /// A small `Copy` id a backend can key its maps on. Ids are unique for the life of a
        /// context: a disposed object's id is never handed out again.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u64);
    };
}

resource_id!(
    /// A `VertexBuffer3D` (per-vertex or per-instance).
    VertexBufferId
);
resource_id!(
    /// An `IndexBuffer3D`.
    IndexBufferId
);
resource_id!(
    /// A `Texture`, `CubeTexture`, `RectangleTexture` or `VideoTexture`.
    TextureId
);
resource_id!(
    /// A `Program3D` (a validated, linked vertex+fragment pair).
    ProgramId
);
