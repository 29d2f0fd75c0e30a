//! Adobe-made ATF (png2atf) through `uploadCompressedTextureFromByteArray`, read from
//! ../shared/atf (files of other projects, not part of the repository; each test is skipped
//! with a note where a file is missing): the raw format 5 logo against the PNG it was made
//! from, and the JPEG-XR coded format 4 logo (and circle) against the raw files png2atf made of
//! the same PNGs, which Flash Player reads differently in one byte a block.

use std::path::PathBuf;

use molehill_agal::profile::Profile;
use molehill_context3d::decode::dxt::decode_dxt5;
use molehill_context3d::{Call, RecordedTextureData};

use crate::common::*;

/// `../shared/atf/NAME` beside the repository, or `None` with a note.
fn shared_atf(name: &str) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/atf")
        .join(name);
    match std::fs::read(&path) {
        Ok(data) => Some(data),
        Err(e) => {
            eprintln!(
                "note: {} not read ({e}; ../shared/atf absent?); skipped",
                path.display()
            );
            None
        }
    }
}

/// The DXT5 blocks of every level `atf` uploads into a 512x512 `compressedAlpha` texture.
fn levels(atf: &[u8]) -> Vec<Vec<u8>> {
    let mut c = ctx(Profile::Baseline);
    let t = c
        .create_texture(512, 512, "compressedAlpha", false, 0)
        .unwrap();
    c.backend_mut().take();
    c.texture_upload_compressed_from_byte_array(t, atf, 0, false)
        .unwrap();
    c.backend_mut()
        .take()
        .into_iter()
        .filter_map(|call| match call {
            Call::UploadTexture {
                data: RecordedTextureData::Compressed([Some(b), ..]),
                ..
            } => Some(b),
            _ => None,
        })
        .collect()
}

/// The RGBA8 pixels of a PNG.
fn png_rgba(data: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut r = png::Decoder::new(std::io::Cursor::new(data))
        .read_info()
        .unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Rgba, png::BitDepth::Eight)
    );
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// Level 0 of png2atf's raw DXT5 file (format 5, which Flash Player draws with clean edges in
/// Ruffle's test `stage3d_texture_bytearray_compressed_raw_alpha`) against the source picture,
/// within what DXT5 loses: alpha within 18 levels everywhere; colour within 19 where the
/// picture is opaque, and within 34 once multiplied by alpha (as a `SOURCE_ALPHA,
/// ONE_MINUS_SOURCE_ALPHA` blend shows it). Along the alpha edges the straight colour differs
/// by up to 178 levels (red) from the picture: DXT5's colour endpoints are fitted for the
/// opaque texels of a block.
#[test]
fn adobe_raw_dxt5_logo_decodes_to_its_picture() {
    let (Some(raw), Some(png)) = (
        shared_atf("ruffle_logo.raw_alpha.atf"),
        shared_atf("ruffle_logo.png"),
    ) else {
        return;
    };
    let levels = levels(&raw);
    assert_eq!(levels.len(), 10);
    let rgba = decode_dxt5(512, 512, &levels[0]).unwrap();
    let (w, h, want) = png_rgba(&png);
    assert_eq!((w, h), (512, 512));
    let (mut alpha, mut opaque, mut blended, mut edge_max) = (0, 0, 0, 0);
    for (g, p) in rgba.chunks_exact(4).zip(want.chunks_exact(4)) {
        let d = |c: usize| i32::from(g[c]).abs_diff(i32::from(p[c]));
        alpha = alpha.max(d(3));
        for c in 0..3 {
            if p[3] == 255 {
                opaque = opaque.max(d(c));
            }
            let pre = |px: &[u8]| i32::from(px[c]) * i32::from(px[3]) / 255;
            blended = blended.max(pre(g).abs_diff(pre(p)));
            if (1..255).contains(&p[3]) {
                edge_max = edge_max.max(d(c));
            }
        }
    }
    assert!(alpha <= 18, "alpha differs by {alpha}");
    assert!(opaque <= 19, "opaque colour differs by {opaque}");
    assert!(blended <= 34, "blended colour differs by {blended}");
    assert_eq!(edge_max, 178);
}

/// Each coded file (format 4) next to the raw file (format 5) png2atf made of the same PNG.
const PAIRS: [(&str, &str); 2] = [
    (
        "ruffle_logo.compressed_alpha.atf",
        "ruffle_logo.raw_alpha.atf",
    ),
    ("ruffle_circle.compressed_alpha.atf", "ruffle_circle.atf"),
];

/// Read where png2atf wrote them, the coded files' LZMA indices and JPEG-XR endpoints are the
/// raw files' blocks, on every level (`SecondAlpha::BottomHalf`). Flash Player, and Molehill
/// for these version 3 files, takes the second alpha endpoint of block j from pixel
/// blocks / 4 + j of the alpha endpoint image, whose pixel p < blocks is block p's first alpha
/// and pixel blocks + q block q's second: so each uploaded block is the raw one but for its
/// byte 1, which is the raw first alpha of block j + blocks / 4, or (for the last quarter) the
/// raw second alpha of block j - 3 blocks / 4; below 4 blocks, its own first alpha.
#[test]
fn coded_files_are_the_raw_blocks_but_for_flashs_second_alpha() {
    for (coded, raw) in PAIRS {
        let (Some(coded_file), Some(raw_file)) = (shared_atf(coded), shared_atf(raw)) else {
            continue;
        };
        let (ours, raw_levels) = (levels(&coded_file), levels(&raw_file));
        assert_eq!(ours.len(), 10, "{coded}");
        assert_eq!(ours.len(), raw_levels.len(), "{coded}");
        for (level, (ours, raw)) in ours.iter().zip(&raw_levels).enumerate() {
            assert_eq!(ours.len(), raw.len(), "{coded} level {level}");
            let blocks = raw.len() / 16;
            let alpha = |p: usize| {
                if p < blocks {
                    raw[16 * p]
                } else {
                    raw[16 * (p - blocks) + 1]
                }
            };
            for (j, (o, r)) in ours.chunks_exact(16).zip(raw.chunks_exact(16)).enumerate() {
                let mut want = r.to_vec();
                want[1] = alpha(blocks / 4 + j);
                assert_eq!(o, want, "{coded} level {level} block {j}");
            }
        }
    }
}

/// How far that reading moves the logo's alpha (level 0, against the raw file's blocks): by
/// more than 16 levels on 34,968 of its 262,144 texels, the fringes of Flash's picture
/// (docs/context3d.md, "JPEG-XR coded ATF").
#[test]
fn flashs_reading_moves_the_logos_alpha_along_its_edges() {
    let (Some(coded), Some(raw)) = (
        shared_atf("ruffle_logo.compressed_alpha.atf"),
        shared_atf("ruffle_logo.raw_alpha.atf"),
    ) else {
        return;
    };
    let ours = decode_dxt5(512, 512, &levels(&coded)[0]).unwrap();
    let raw = decode_dxt5(512, 512, &levels(&raw)[0]).unwrap();
    let moved = ours
        .chunks_exact(4)
        .zip(raw.chunks_exact(4))
        .filter(|(o, r)| o[3].abs_diff(r[3]) > 16)
        .count();
    assert_eq!(moved, 34_968);
}
