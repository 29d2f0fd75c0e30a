//! The resource calls of `Context3D`: `create*`, and the methods of `VertexBuffer3D`,
//! `IndexBuffer3D`, `Program3D` and the texture classes (each takes the handle first).

mod buffers;
mod create;
mod textures;

/// AS3's `int` `byteArrayOffset` of the buffer uploads as context3d's `u32`: a negative one is
/// an offset past the end of any ByteArray, so context3d gives #3669 (like any bad range)
/// after its own earlier checks (#3694 for a disposed context or buffer comes first).
fn buffer_offset(byte_array_offset: i32) -> u32 {
    u32::try_from(byte_array_offset).unwrap_or(u32::MAX)
}
