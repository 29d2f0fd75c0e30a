//! JPEG-XR coded ATF (formats 0, 1, 2, 4, 0xC, 0xD) through `uploadCompressedTextureFromByteArray`,
//! on the files of tests/conformance/textures/atf (made by its make.py, which documents each).

use molehill_agal::profile::Profile;
use molehill_context3d::{Call, RecordedTextureData};
use proptest::prelude::*;

use crate::common::*;

const DECODE: &str = "Error #3677: Texture decoding failed. Internal error.";

fn asset(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../tests/conformance/textures/atf/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The uploads of `calls` as (face, level, width, height, data).
fn uploads(calls: Vec<Call>) -> Vec<(u8, u8, u32, u32, RecordedTextureData)> {
    calls
        .into_iter()
        .filter_map(|c| match c {
            Call::UploadTexture {
                face,
                level,
                width,
                height,
                data,
                ..
            } => Some((face, level, width, height, data)),
            _ => None,
        })
        .collect()
}

mod decoded {
    use super::*;

    fn bgra(d: &RecordedTextureData) -> &[u8] {
        match d {
            RecordedTextureData::Bgra8(b) => b,
            other => panic!("{other:?}"),
        }
    }

    fn dxt(d: &RecordedTextureData) -> &[u8] {
        match d {
            RecordedTextureData::Compressed([Some(b), None, None, None, None]) => b,
            other => panic!("{other:?}"),
        }
    }

    /// The B, G, R, A bytes of pixel (x, y) of a `w`-wide level.
    fn px(data: &[u8], w: usize, x: usize, y: usize) -> [u8; 4] {
        data[(y * w + x) * 4..][..4].try_into().unwrap()
    }

    fn upload(
        format: &str,
        size: i32,
        file: &str,
        cube: bool,
    ) -> Vec<(u8, u8, u32, u32, RecordedTextureData)> {
        let mut c = ctx(Profile::Baseline);
        let t = if cube {
            c.create_cube_texture(size, format, false, 0).unwrap()
        } else {
            c.create_texture(size, size, format, false, 0).unwrap()
        };
        c.backend_mut().take();
        c.texture_upload_compressed_from_byte_array(t, &asset(file), 0, false)
            .unwrap();
        uploads(c.backend_mut().take())
    }

    #[test]
    fn rgb888_is_a_bgra_level_with_opaque_alpha() {
        let up = upload("bgra", 4, "rgb888_4x4.atf", false);
        assert_eq!(up.len(), 1);
        let (face, level, w, h, data) = &up[0];
        assert_eq!((*face, *level, *w, *h), (0, 0, 4, 4));
        let d = bgra(data);
        assert_eq!(d.len(), 64);
        // Quadrants (R, G, B): TL (255, 0, 0), TR (16, 128, 240), BL (0, 0, 255), BR (200, 100, 50).
        assert_eq!(px(d, 4, 0, 0), [0, 0, 255, 255]);
        assert_eq!(px(d, 4, 3, 1), [240, 128, 16, 255]);
        assert_eq!(px(d, 4, 1, 3), [255, 0, 0, 255]);
        assert_eq!(px(d, 4, 2, 2), [50, 100, 200, 255]);
    }

    #[test]
    fn rgba8888_uploads_every_level_with_its_alpha() {
        rgba8888_levels("rgba8888_8x8_mips.atf");
    }

    /// Interleaved alpha (one codestream with an alpha plane header; issue 27: an Adobe-made
    /// v3 format 1 file was refused with "codestream header does not fit the level", which
    /// is what this file got before the decoder could read interleaved alpha).
    #[test]
    fn rgba8888_with_interleaved_alpha_uploads_every_level_with_its_alpha() {
        rgba8888_levels("rgba8888_interleaved_8x8.atf");
    }

    fn rgba8888_levels(file: &str) {
        let up = upload("bgra", 8, file, false);
        let sizes: Vec<_> = up.iter().map(|u| (u.1, u.2, u.3)).collect();
        assert_eq!(sizes, [(0, 8, 8), (1, 4, 4), (2, 2, 2)]);
        let l0 = bgra(&up[0].4);
        assert_eq!(px(l0, 8, 0, 0), [0, 0, 255, 255]);
        assert_eq!(px(l0, 8, 7, 0), [0, 255, 0, 128]);
        assert_eq!(px(l0, 8, 0, 7), [255, 0, 0, 64]);
        assert_eq!(px(l0, 8, 7, 7), [255, 255, 255, 0]);
        assert!(bgra(&up[1].4).chunks(4).all(|p| p == [30, 20, 10, 40]));
        assert!(bgra(&up[2].4).chunks(4).all(|p| p == [70, 60, 50, 80]));
    }

    #[test]
    fn cube_faces_in_file_order() {
        let up = upload("bgra", 4, "cube_rgb888_4x4.atf", true);
        let faces: Vec<_> = up.iter().map(|u| (u.0, px(bgra(&u.4), 4, 1, 1))).collect();
        assert_eq!(
            faces,
            [
                (0, [0, 0, 255, 255]),
                (1, [255, 255, 0, 255]),
                (2, [0, 255, 0, 255]),
                (3, [255, 0, 255, 255]),
                (4, [255, 0, 0, 255]),
                (5, [0, 255, 255, 255]),
            ]
        );
    }

    #[test]
    fn dxt1_blocks_are_rebuilt_for_every_level() {
        let up = upload("compressed", 8, "dxt1_8x8_mips.atf", false);
        assert_eq!(up.len(), 2);
        // Blocks: [colour0 LE, colour1 LE, 4 index bytes] as make.py's DXT1_L0 / DXT1_L1.
        #[rustfmt::skip]
        let l0 = [
            0x00, 0xf8, 0x1f, 0x00, 0x00, 0xaa, 0xff, 0x55,
            0xe0, 0x07, 0x00, 0x00, 0, 0, 0, 0,
            0xff, 0xff, 0x00, 0x00, 0, 0, 0, 0,
            0xe0, 0xff, 0x00, 0x00, 0, 0, 0, 0,
        ];
        assert_eq!((up[0].1, up[0].2), (0, 8));
        assert_eq!(dxt(&up[0].4), l0);
        assert_eq!((up[1].1, up[1].2), (1, 4));
        assert_eq!(dxt(&up[1].4), [0xff, 0x07, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn dxt5_block_is_rebuilt_alpha_first() {
        for file in ["dxt5_4x4.atf", "dxt5_lossy_4x4.atf"] {
            dxt5_block(file);
        }
    }

    /// The alpha index bits of make.py's DXT5 blocks: rows 1 and 3 use index 1 (3 bits per
    /// texel, texel 0 lowest), rows 0 and 2 index 0.
    fn alpha_rows_0101() -> [u8; 6] {
        let bits: u64 = (0..16)
            .filter(|t| (t / 4) % 2 == 1)
            .map(|t| 1u64 << (3 * t))
            .sum();
        bits.to_le_bytes()[..6].try_into().unwrap()
    }

    fn dxt5_block(file: &str) {
        let up = upload("compressedAlpha", 4, file, false);
        // make.py wrote alpha 255 / 0; in a version 3 file of one block Flash's second alpha
        // endpoint is pixel 1 / 4 + 0 = 0 of the alpha endpoint image, the first one (255).
        let mut block = vec![255, 255];
        block.extend(alpha_rows_0101());
        block.extend([0x00, 0xf8, 0x1f, 0x00, 0x50, 0x50, 0x50, 0x50]);
        assert_eq!(dxt(&up[0].4), block);
    }

    /// make.py's DXT5_16 (16 blocks, alpha endpoints 10 + 10j and 255 - 5j) in a version 3
    /// container, read as Flash Player reads it (second alpha of block j at pixel 4 + j of the
    /// 4 x 8 alpha endpoint image: the first alpha of block j + 4, then for the last four
    /// blocks the second alphas of blocks 0..4), and in a version 0 one, read as written.
    #[test]
    fn dxt5_second_alpha_is_flashs_in_version_3_and_as_written_in_version_0() {
        let first = |j: u8| 10 + 10 * j;
        let second = |j: u8| 255 - 5 * j;
        for (file, flash) in [("dxt5_16x16.atf", true), ("dxt5_16x16_v0.atf", false)] {
            let up = upload("compressedAlpha", 16, file, false);
            assert_eq!(up.len(), 1, "{file}");
            let blocks = dxt(&up[0].4);
            assert_eq!(blocks.len(), 16 * 16, "{file}");
            for (j, b) in (0u8..).zip(blocks.chunks_exact(16)) {
                let a1 = match (flash, j) {
                    (true, 0..12) => first(j + 4),
                    (true, _) => second(j - 12),
                    (false, _) => second(j),
                };
                let mut want = vec![first(j), a1];
                want.extend(alpha_rows_0101());
                want.extend([0xff, 0xff, 0, 0, 0, 0, 0, 0]);
                assert_eq!(b, want, "{file} block {j}");
            }
        }
    }

    #[test]
    fn lossy_format_reads_its_dxt1_records() {
        let up = upload("compressed", 4, "dxt1_lossy_4x4.atf", false);
        assert_eq!(dxt(&up[0].4), [0xe0, 0x07, 0, 0, 0, 0, 0, 0]);
    }

    /// An async upload decodes and uploads as the synchronous one (its `textureReady` is the
    /// facade's: player-shim/tests/api/events.rs).
    #[test]
    fn an_async_upload_is_the_synchronous_one() {
        let mut c = ctx(Profile::Baseline);
        let t = c.create_texture(4, 4, "bgra", false, 0).unwrap();
        c.backend_mut().take();
        let file = asset("rgb888_4x4.atf");
        c.texture_upload_compressed_from_byte_array(t, &file, 0, true)
            .unwrap();
        let async_uploads = uploads(c.backend_mut().take());
        c.texture_upload_compressed_from_byte_array(t, &file, 0, false)
            .unwrap();
        assert_eq!(async_uploads, uploads(c.backend_mut().take()));
        assert!(!async_uploads.is_empty());
        // A malformed one throws.
        let file = asset("bad_rgb888_truncated_jxr.atf");
        assert_error(
            c.texture_upload_compressed_from_byte_array(t, &file, 0, true),
            3677,
            DECODE,
        );
    }

    #[test]
    fn corrupt_lzma_is_3677() {
        let good = asset("dxt1_8x8_mips.atf");
        let file = molehill_context3d::atf::parse(&good).unwrap();
        let lzma = file.coded[0].dxt_colour.unwrap().lzma;
        let at = lzma.as_ptr() as usize - good.as_ptr() as usize;
        let mut bad = good.clone();
        // The properties byte (lc, lp, pb) must be below 225. (Flipped bits in the coded data
        // itself mostly go unnoticed: LZMA has no check of its own, and ATF none either.)
        bad[at] = 0xff;
        let mut c = ctx(Profile::Baseline);
        let t = c.create_texture(8, 8, "compressed", false, 0).unwrap();
        c.backend_mut().take();
        assert_error(
            c.texture_upload_compressed_from_byte_array(t, &bad, 0, false),
            3677,
            DECODE,
        );
        assert!(uploads(c.backend_mut().take()).is_empty());
    }
}

#[test]
fn malformed_files_are_3677_and_upload_nothing() {
    for (file, format, size) in [
        ("bad_rgb888_truncated_jxr.atf", "bgra", 4),
        ("bad_rgb888_size_mismatch.atf", "bgra", 8),
        ("bad_rgb888_empty_record.atf", "bgra", 4),
        ("bad_dxt1_short_lzma.atf", "compressed", 8),
        ("bad_dxt1_empty_records.atf", "compressed", 4),
    ] {
        let mut c = ctx(Profile::Baseline);
        let t = c.create_texture(size, size, format, false, 0).unwrap();
        c.backend_mut().take();
        let r = c.texture_upload_compressed_from_byte_array(t, &asset(file), 0, false);
        let e = r.expect_err(file);
        assert_eq!((e.id, e.message.as_str()), (3677, DECODE), "{file}");
        assert!(uploads(c.backend_mut().take()).is_empty(), "{file}");
    }
}

/// Codestream header fields an ATF level cannot have are refused before the decode (they once
/// made jxrlib, C, assert, divide by zero or write out of bounds; refused still, as before).
#[test]
fn codestream_header_fields_jxrlib_trusts_are_checked_first() {
    let good = asset("rgb888_4x4.atf");
    let at = good.windows(7).position(|w| w == b"WMPHOTO").unwrap();
    for (offset, value) in [
        (9, 0xff),  // tiling, orientation 7, overlap 3
        (10, 0x21), // windowing, interleaved alpha
        (11, 0x45), // source colour CMYK, bit depth 32-bit float
        (12, 0xff), // width
        (16, 0xc0), // internal colour format NCOMPONENT
        (16, 0x7f), // subbands 15
    ] {
        let mut bad = good.clone();
        bad[at + offset] = value;
        let mut c = ctx(Profile::Baseline);
        let t = c.create_texture(4, 4, "bgra", false, 0).unwrap();
        assert_error(
            c.texture_upload_compressed_from_byte_array(t, &bad, 0, false),
            3677,
            DECODE,
        );
    }
}

/// The valid files with the texture each fits: (file, format, size, cube).
const VALID: [(&str, &str, i32, bool); 8] = [
    ("rgb888_4x4.atf", "bgra", 4, false),
    ("rgba8888_8x8_mips.atf", "bgra", 8, false),
    ("cube_rgb888_4x4.atf", "bgra", 4, true),
    ("dxt1_8x8_mips.atf", "compressed", 8, false),
    ("dxt5_4x4.atf", "compressedAlpha", 4, false),
    ("dxt1_lossy_4x4.atf", "compressed", 4, false),
    ("dxt5_lossy_4x4.atf", "compressedAlpha", 4, false),
    ("dxt5_16x16.atf", "compressedAlpha", 16, false),
];

/// The byte ranges of `file` that hold JPEG-XR codestream bodies: from the second byte of each
/// codestream's plane header (17 bytes after its `WMPHOTO` signature, in these files) to the
/// next codestream or the end of its JPEG-XR record.
///
/// jxrlib (C, not hardened), which decoded them before the `jxr` crate, crashed the process
/// on some corrupted bodies (segmentation faults in `DecodeSignificantRun` within 70 to 3,000
/// mutated files), so the first test below leaves them alone; the second edits only them.
fn codestream_bodies(file: &[u8]) -> Vec<std::ops::Range<usize>> {
    let find = |pat: &[u8]| -> Vec<usize> {
        file.windows(pat.len())
            .enumerate()
            .filter(|(_, w)| *w == pat)
            .map(|(i, _)| i)
            .collect()
    };
    let mut out = Vec::new();
    for start in find(b"II\xbc\x01").into_iter().filter(|&f| f >= 4) {
        let len = u32::from_be_bytes(file[start - 4..start].try_into().unwrap()) as usize;
        let end = (start + len).min(file.len());
        let streams: Vec<usize> = find(b"WMPHOTO")
            .into_iter()
            .filter(|s| (start..end).contains(s))
            .collect();
        for (k, s) in streams.iter().enumerate() {
            let e = streams.get(k + 1).copied().unwrap_or(end);
            out.push(s + 17..e);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Never a panic: valid files with bytes flipped, set or cut off
    /// give an upload or one of the upload's Flash errors. Edits land anywhere but in the
    /// codestream bodies (see [`codestream_bodies`]); cuts anywhere.
    #[test]
    fn mutated_files_never_panic(
        which in 0..VALID.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), any::<bool>()), 1..8),
        cut in prop::option::of(any::<prop::sample::Index>()),
    ) {
        let (file, format, size, cube) = VALID[which];
        let mut data = asset(file);
        let bodies = codestream_bodies(&data);
        prop_assert!(!bodies.is_empty());
        for (at, byte, xor) in edits {
            let i = at.index(data.len());
            if bodies.iter().any(|r| r.contains(&i)) {
                continue;
            }
            data[i] = if xor { data[i] ^ byte.max(1) } else { byte };
        }
        if let Some(cut) = cut {
            data.truncate(cut.index(data.len()));
        }
        let mut c = ctx(Profile::Baseline);
        let t = if cube {
            c.create_cube_texture(size, format, false, 0).unwrap()
        } else {
            c.create_texture(size, size, format, false, 0).unwrap()
        };
        if let Err(e) = c.texture_upload_compressed_from_byte_array(t, &data, 0, false) {
            prop_assert!([3677, 3679, 3675, 3745, 3674].contains(&e.id), "{e:?}");
        }
    }

    /// Never a panic, nor an allocation beyond the level's: valid files with bytes of their
    /// codestream bodies (the coded data) flipped or set give an upload or #3677.
    #[test]
    fn mutated_codestream_bodies_never_panic(
        which in 0..VALID.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<u8>(), any::<bool>()), 1..8),
    ) {
        let (file, format, size, cube) = VALID[which];
        let mut data = asset(file);
        let bodies = codestream_bodies(&data);
        prop_assert!(!bodies.is_empty());
        for (body, at, byte, xor) in edits {
            let body = &bodies[body.index(bodies.len())];
            if body.is_empty() {
                continue;
            }
            let i = body.start + at.index(body.len());
            data[i] = if xor { data[i] ^ byte.max(1) } else { byte };
        }
        let mut c = ctx(Profile::Baseline);
        let t = if cube {
            c.create_cube_texture(size, format, false, 0).unwrap()
        } else {
            c.create_texture(size, size, format, false, 0).unwrap()
        };
        if let Err(e) = c.texture_upload_compressed_from_byte_array(t, &data, 0, false) {
            prop_assert_eq!(e.id, 3677, "{:?}", e);
        }
    }
}
