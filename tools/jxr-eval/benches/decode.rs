//! ATF's JPEG-XR images decoded through Molehill's path and through jxrlib, side by side
//! (issue 27, part 5): `cargo bench --bench decode` in tools/jxr-eval (README, "Benchmark").
//!
//! - `molehill`: `molehill_context3d::atf::decode_jpegxr`, what an upload runs for each image:
//!   the container and header checks, `jxr` under the level's limits on rayon's global pool, the
//!   samples as Molehill uploads them (B, G, R, A; RGB565 words; grey).
//! - `molehill-1thread`: the same inside a one-thread rayon pool.
//! - `jxrlib`: the `jpegxr` crate (what context3d used before `jxr`): jxrlib's own pixel format,
//!   its rows padded to 16-pixel macroblocks, then copied out packed; a planar alpha plane is
//!   decoded on its own as grey, as Molehill did.
//!
//! Inputs: the endpoint images of Adobe's logo (tests/conformance/textures/atf, level 0: 128x256
//! RGB565 and grey; and all 20 of its images together) and, when `out/sweep/big/` exists
//! (`python3 make_sweep.py out/sweep --big`), the 1-4 MP images made there. Throughput is in
//! pixels: criterion's `Melem/s` is megapixels a second; 1000 / that is ms per megapixel.

#[path = "../src/decoders.rs"]
#[allow(dead_code)]
mod decoders;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use molehill_context3d::atf::{self, decode_jpegxr, JpegXrImage};

/// One JPEG-XR image as both paths decode it.
struct Input {
    name: String,
    record: Vec<u8>,
    w: u32,
    h: u32,
    kind: JpegXrImage,
    /// The planar alpha codestream, for jxrlib (Molehill's path finds it in the record).
    alpha: Option<Vec<u8>>,
}

fn logo_images() -> Vec<Input> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/conformance/textures/atf/ruffle_logo.compressed_alpha.atf"
    );
    let data = std::fs::read(path).expect("the logo is in tests/conformance/textures/atf");
    let file = atf::parse(&data).expect("the logo parses");
    let mut out = Vec::new();
    for image in &file.coded {
        let (w, h) = file.level_size(image.level);
        let (bw, bh) = (w.div_ceil(4), 2 * h.div_ceil(4));
        let parts = [
            (image.dxt_alpha, JpegXrImage::Gray8, "alpha"),
            (image.dxt_colour, JpegXrImage::Rgb565, "colour"),
        ];
        for (part, kind, what) in parts {
            let part = part.expect("DXT records");
            out.push(Input {
                name: format!("logo_l{}_{what}_{bw}x{bh}", image.level),
                record: part.endpoints.to_vec(),
                w: bw,
                h: bh,
                kind,
                alpha: None,
            });
        }
    }
    out
}

fn big_images() -> Vec<Input> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/out/sweep/big");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("note: {dir} not found (make_sweep.py out/sweep --big); the logo only");
        return Vec::new();
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let record = std::fs::read(&path).expect("readable");
        let (Some(w), Some(h)) = (tag(&record, 0xbc80), tag(&record, 0xbc81)) else {
            panic!("{path:?}: no width and height entries");
        };
        // JxrEncApp writes the alpha plane's byte count as the file's size (README): the plane
        // runs to the end of the file, as Molehill takes it.
        let alpha = tag(&record, 0xbcc2).map(|at| record[at as usize..].to_vec());
        let name = path.file_stem().unwrap().to_string_lossy();
        let kind = if name.starts_with("bgra") {
            JpegXrImage::Bgra
        } else {
            JpegXrImage::Bgr
        };
        out.push(Input {
            name: format!("{name}_{w}x{h}"),
            record,
            w,
            h,
            kind,
            alpha,
        });
    }
    out
}

/// The value of a SHORT or LONG entry `id` of a JPEG XR container's first directory.
fn tag(data: &[u8], id: u16) -> Option<u32> {
    let u16_at = |p: usize| Some(u16::from_le_bytes(data.get(p..p + 2)?.try_into().ok()?));
    let u32_at = |p: usize| Some(u32::from_le_bytes(data.get(p..p + 4)?.try_into().ok()?));
    let ifd = u32_at(4)? as usize;
    (0..usize::from(u16_at(ifd)?)).find_map(|i| {
        let p = ifd + 2 + 12 * i;
        (u16_at(p)? == id).then_some(())?;
        match u16_at(p + 2)? {
            3 => u16_at(p + 8).map(u32::from),
            _ => u32_at(p + 8),
        }
    })
}

fn molehill(input: &Input) -> usize {
    decode_jpegxr(&input.record, input.w, input.h, input.kind)
        .expect("Molehill decodes it")
        .len()
}

fn jxrlib(input: &Input) -> usize {
    decoders::jxrlib_bench(&input.record, input.alpha.as_deref())
}

fn benches(c: &mut Criterion) {
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    let logo = logo_images();
    let mut inputs: Vec<&Input> = logo
        .iter()
        .filter(|i| i.name.starts_with("logo_l0_"))
        .collect();
    let big = big_images();
    inputs.extend(&big);
    let mut group = c.benchmark_group("decode");
    group.sample_size(20);
    for input in inputs {
        // Both decoders must accept it before they are timed.
        molehill(input);
        jxrlib(input);
        group.throughput(Throughput::Elements(u64::from(input.w * input.h)));
        group.bench_with_input(BenchmarkId::new("molehill", &input.name), input, |b, i| {
            b.iter(|| molehill(i))
        });
        group.bench_with_input(
            BenchmarkId::new("molehill-1thread", &input.name),
            input,
            |b, i| b.iter(|| one.install(|| molehill(i))),
        );
        group.bench_with_input(BenchmarkId::new("jxrlib", &input.name), input, |b, i| {
            b.iter(|| jxrlib(i))
        });
    }
    // The logo's RGB565 endpoint image through jxr alone, asked for RGB565 words (what Molehill
    // asks for): Molehill's share of `molehill` is the difference. (Another output format is no
    // way out: jxr refuses 8-bit R, G, B from an RGB565 codestream, `Unsupported` "format
    // decoded samples".)
    let colour = logo
        .iter()
        .find(|i| i.name.starts_with("logo_l0_colour"))
        .expect("level 0 colour endpoints");
    group.throughput(Throughput::Elements(u64::from(colour.w * colour.h)));
    for (name, format) in [("jxr-rgb565", jxr::PixelFormat::Rgb565)] {
        let request = jxr::DecodeRequest::new(format).with_backend(jxr::BackendRequest::Cpu);
        group.bench_function(BenchmarkId::new(name, &colour.name), |b| {
            b.iter(|| {
                let view = jxr::JxrView::parse(&colour.record).expect("parses");
                view.decoder()
                    .decode(&request)
                    .expect("decodes")
                    .samples
                    .byte_len()
            })
        });
    }
    // Every JPEG-XR image of the logo (10 levels x 2), as one upload decodes them.
    let pixels: u64 = logo.iter().map(|i| u64::from(i.w * i.h)).sum();
    group.throughput(Throughput::Elements(pixels));
    group.bench_function("molehill/logo_all_20", |b| {
        b.iter(|| logo.iter().map(molehill).sum::<usize>())
    });
    group.bench_function("molehill-1thread/logo_all_20", |b| {
        b.iter(|| one.install(|| logo.iter().map(molehill).sum::<usize>()))
    });
    group.bench_function("jxrlib/logo_all_20", |b| {
        b.iter(|| logo.iter().map(jxrlib).sum::<usize>())
    });
    group.finish();
}

criterion_group!(decode, benches);
criterion_main!(decode);
