//! ATF (Adobe Texture Format) containers, as `uploadCompressedTextureFromByteArray` reads them.
//!
//! Layout (big-endian): `"ATF"`; then either three reserved bytes, a byte `0xFF` (at offset 6,
//! where Starling's `AtfData` and Ruffle look for it), a version byte and a `u32` length
//! (version 1 and later), or a `u24` length (version 0); a byte whose bit 7 is the cube-map
//! flag and whose low 7 bits are the [`AtfFormat`]; log2 of the width; log2 of the height; the
//! number of mip levels. Then, face by face and level by level, a number of records, each a
//! length (`u24` in version 0, `u32` after) and that many bytes.
//!
//! The raw formats carry one record per GPU encoding: DXT, PVRTC, ETC1 and (from version 3)
//! ETC2. An empty record means the encoder left that encoding out. Records of the wrong size are
//! dropped with a warning; an image with no usable record is an error.
//!
//! The other formats are JPEG-XR coded ([`CodedImage`]): formats 0 and 1 hold one JPEG-XR image
//! per face/level; formats 2, 4, 0xC and 0xD hold, per GPU encoding, the block data with the
//! colour (or alpha) endpoints taken out, LZMA coded, and a JPEG-XR image of those endpoints.
//! This module only splits the records; [`decode`] turns them into pixels or DXT blocks.
//!
//! Stages: `container` (the header and records: [`parse`] and the types it gives), `jpegxr`
//! (JPEG XR images through the pure-Rust `jxr` crate, bounded by the level), `lzma` (ATF's
//! headerless-size LZMA records), `dxt` (rebuilding DXT1 / DXT5 blocks) and [`decode()`],
//! which runs them for each face/level; `write` makes containers ([`write_raw`],
//! [`write_coded`]).

mod container;
mod decode;
mod dxt;
mod jpegxr;
mod lzma;
mod write;

pub use container::{parse, AtfError, AtfFile, AtfFormat, AtfImage, CodedImage, DxtPart};
pub use decode::{decode, decode_jpegxr, Decoded, JpegXrImage};
pub use write::{write_coded, write_raw};
