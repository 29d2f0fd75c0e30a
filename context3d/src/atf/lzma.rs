//! ATF's LZMA records: "LZMA alone" streams (5 bytes of properties, then the coded data)
//! without the 8-byte unpacked size of that format; the size comes from the level (blocks x
//! bytes per block), as Lightspark and Ruffle supply it before decoding.

/// Unpacks `data` to exactly `len` bytes, or says why not. Bounded: the output never grows past
/// `len` and the dictionary never past what `len` bytes can refer to.
pub(super) fn unpack(data: &[u8], len: usize) -> Result<Vec<u8>, &'static str> {
    if data.len() < 5 {
        return Err("shorter than its 5-byte header");
    }
    let options = lzma_rs::decompress::Options {
        unpacked_size: lzma_rs::decompress::UnpackedSize::UseProvided(Some(len as u64)),
        memlimit: Some(len.max(4096)),
        allow_incomplete: false,
    };
    let mut out = Vec::with_capacity(len);
    let mut input = data;
    lzma_rs::lzma_decompress_with_options(&mut input, &mut out, &options).map_err(|e| {
        log::debug!("ATF LZMA record: {e}");
        "not a valid LZMA stream"
    })?;
    if out.len() != len {
        return Err("wrong unpacked size");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // `python3 -c "import lzma; print(lzma.compress(bytes(range(16)), format=lzma.FORMAT_ALONE).hex())"`
    // with the 8 bytes after the 5-byte header (the unpacked size, all 0xff) removed.
    const SIXTEEN: &str = "5d0000800000000052500a84f99bb28021a969d627e0cfe86fffffb7240000";

    fn hex(s: &str) -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    #[test]
    fn rejects_short_and_garbage_streams() {
        assert!(unpack(&[], 4).is_err());
        assert!(unpack(&[0x5d, 0, 0], 4).is_err());
        assert!(unpack(&[0xff; 40], 4).is_err());
    }

    #[test]
    fn unpacks_to_the_given_size_only() {
        let data = hex(SIXTEEN);
        assert_eq!(unpack(&data, 16).unwrap(), (0..16).collect::<Vec<u8>>());
        // The stream holds 16 bytes: asking for more is an error.
        assert!(unpack(&data, 17).is_err());
        assert!(unpack(&data[..10], 16).is_err());
        // With the size known, the end marker is not read: a stream cut in it still unpacks
        // (liblzma as Lightspark drives it behaves the same).
        assert!(unpack(&data[..data.len() - 6], 16).is_ok());
    }
}
