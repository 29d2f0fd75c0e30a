//! Views of typed slices as the bytes GL reads, without a copy.

/// The bytes of `data` in memory order (native-endian), as GL reads an array of them.
pub fn u16s_as_bytes(data: &[u16]) -> &[u8] {
    // SAFETY: u16 has no padding and every byte of it is initialized; u8's alignment (1)
    // divides u16's; the view covers exactly `data`'s memory for `data`'s lifetime.
    unsafe { std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data)) }
}

/// The bytes of `data` in memory order (native-endian).
pub fn u32s_as_bytes(data: &[u32]) -> &[u8] {
    // SAFETY: as in `u16s_as_bytes`, for u32.
    unsafe { std::slice::from_raw_parts(data.as_ptr().cast::<u8>(), std::mem::size_of_val(data)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_are_native_endian_bytes() {
        assert_eq!(
            u16s_as_bytes(&[0x0102, 0x0304]),
            [0x0102u16.to_ne_bytes(), 0x0304u16.to_ne_bytes()].concat()
        );
        assert_eq!(u32s_as_bytes(&[0x0102_0304]), 0x0102_0304u32.to_ne_bytes());
        assert!(u32s_as_bytes(&[]).is_empty());
    }
}
