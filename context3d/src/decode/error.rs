//! Why a CPU decoder gave no image.

/// Why a decoder gave no image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Fewer bytes than the image needs.
    #[error("{format} image of {width}x{height} needs {needed} bytes, got {got}")]
    Short {
        /// The format's name.
        format: &'static str,
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
        /// Bytes the image needs.
        needed: usize,
        /// Bytes given.
        got: usize,
    },
    /// A compressed image carries no encoding the CPU decoders read (DXT, ETC1, PVRTC).
    #[error("no encoding of the compressed image can be decoded on the CPU (DXT, ETC1, PVRTC)")]
    NoEncoding,
    /// The output (or a work buffer) could not be allocated.
    #[error("out of memory decoding a {width}x{height} {format} image")]
    OutOfMemory {
        /// The format's name.
        format: &'static str,
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
}
