//! Why a backend refused a texture upload, shared by every backend (their checks are the same:
//! context3d validated the call, so what is left is what the backend's storage cannot take).

use super::error::DecodeError;
use crate::backend::BackendError;

/// Why a backend could not store one upload (`TextureBase.upload*`) in the texture it has.
///
/// Every variant reaches context3d as a [`BackendError`] through
/// [`UploadError::into_backend_error`]: want of memory as such, the rest as unsupported data
/// (Flash's #3710 through context3d). A backend never drops a refused upload silently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UploadError {
    /// No encoding of the ATF image is one the texture's storage takes or the CPU decodes.
    #[error(
        "no usable encoding in the compressed image (DXT, ETC1, PVRTC, or ETC2 where the backend samples it)"
    )]
    NoEncoding,
    /// Fewer bytes than the surface needs.
    #[error("texture data holds {got} bytes, the surface needs {needed}")]
    Short {
        /// Bytes needed.
        needed: usize,
        /// Bytes given.
        got: usize,
    },
    /// Data larger than the level it is for (context3d never sends it).
    #[error("texture data larger than its level")]
    TooLarge,
    /// A CPU decoder refused the data.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// Uncompressed pixels (a `BitmapData`) for a `compressed` texture whose storage an
    /// earlier ATF upload made block-compressed (S3TC/BC or ETC2): Molehill does not compress
    /// on the CPU.
    #[error(
        "uncompressed pixels for a texture stored compressed (chosen by an earlier ATF upload)"
    )]
    NotCompressed,
    /// The texture has no storage to write (a video texture given no frame size yet).
    #[error("the texture has no storage")]
    NoStorage,
    /// The CPU buffer for decoding or converting the data could not be allocated.
    #[error("out of memory for the texture data")]
    OutOfMemory,
}

impl UploadError {
    /// The error context3d gets: want of memory as [`BackendError::OutOfMemory`], the rest as
    /// [`BackendError::Unsupported`] with this error's text.
    pub fn into_backend_error(self) -> BackendError {
        match self {
            UploadError::OutOfMemory | UploadError::Decode(DecodeError::OutOfMemory { .. }) => {
                BackendError::OutOfMemory
            }
            e => BackendError::Unsupported(e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_stays_memory_and_the_rest_is_unsupported() {
        let oom = DecodeError::OutOfMemory {
            format: "DXT1",
            width: 4,
            height: 4,
        };
        assert_eq!(
            UploadError::Decode(oom).into_backend_error(),
            BackendError::OutOfMemory
        );
        assert_eq!(
            UploadError::OutOfMemory.into_backend_error(),
            BackendError::OutOfMemory
        );
        let e = UploadError::NotCompressed.into_backend_error();
        assert_eq!(
            e,
            BackendError::Unsupported(
                "uncompressed pixels for a texture stored compressed (chosen by an earlier ATF upload)"
                    .into()
            )
        );
        let short = UploadError::Short { needed: 64, got: 3 }.into_backend_error();
        assert!(matches!(short, BackendError::Unsupported(m) if m.contains("3 bytes")));
    }
}
