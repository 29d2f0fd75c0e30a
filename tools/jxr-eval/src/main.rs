//! jxr-eval: can the pure-Rust `jxr` crate replace jxrlib for Molehill's JPEG-XR coded ATF?
//! See README.md. Commands:
//!
//! - `atf [FILES...]`: every JPEG-XR image in ATF files (default:
//!   tests/conformance/textures/atf and ../shared/atf), decoded by jxr and by jxrlib, compared sample by sample.
//! - `dir DIR`: the same for every `*.jxr` in DIR (the generated sweep, make_sweep.py), with
//!   Debian's JxrDecApp as a second oracle (it decodes interleaved alpha).
//! - `fuzz [--seconds S] [--max N] FILES/DIRS...`: truncated and bit-flipped inputs to jxr
//!   only: panics (caught), errors, peak memory.
//! - `bench [--iters N] FILES...`: decode time, jxr (all cores and one thread) and jxrlib.
//! - `jxrlib-one IN OUT [ALPHA]`: internal; one jxrlib decode in a child process.

mod decoders;

use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use decoders::{compare, decapp_decode, flash_limits, jxr_decode, jxrlib_isolated, Diff};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprintln!("usage: jxr-eval atf|dir|fuzz|bench ... (see README.md)");
        std::process::exit(2);
    };
    let rest = &args[1..];
    let code = match cmd.as_str() {
        "jxrlib-one" => decoders::jxrlib_one(rest),
        "atf" => cmd_atf(rest),
        "dir" => cmd_dir(rest),
        "fuzz" => cmd_fuzz(rest),
        "bench" => cmd_bench(rest),
        "checksum" => cmd_checksum(rest),
        "fuzz-jxrlib" => cmd_fuzz_jxrlib(rest),
        "bigheader" => cmd_bigheader(rest),
        "inspect" => {
            // jxr's parsed headers of each file (alpha byte count clamped first).
            for f in rest {
                let data = std::fs::read(f).expect("read");
                let data = repair_alpha_count(&data).unwrap_or(data);
                match jxr::JxrView::parse(&data) {
                    Ok(v) => println!("{f}: {:#?}", v.info()),
                    Err(e) => println!("{f}: {e}"),
                }
            }
            0
        }
        other => {
            eprintln!("unknown command {other}");
            2
        }
    };
    std::process::exit(code);
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("jxr-eval-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

/// The pixel format, image codestream and planar alpha codestream of an Annex-A container,
/// read here (not by either decoder) for the oracle's alpha plane. As in Molehill
/// (context3d/src/atf/jpegxr.rs), the alpha plane runs to the end of the data: jxrlib's
/// encoder writes its byte count wrong.
fn alpha_plane(data: &[u8]) -> Option<&[u8]> {
    let u16_at = |p: usize| Some(u16::from_le_bytes(data.get(p..p + 2)?.try_into().ok()?));
    let u32_at = |p: usize| Some(u32::from_le_bytes(data.get(p..p + 4)?.try_into().ok()?));
    if data.len() < 8 || data[..3] != [0x49, 0x49, 0xbc] {
        return None;
    }
    let ifd = u32_at(4)? as usize;
    let count = usize::from(u16_at(ifd)?);
    for i in 0..count {
        let p = ifd + 2 + 12 * i;
        if u16_at(p)? == 0xbcc2 {
            let v = match u16_at(p + 2)? {
                3 => u32::from(u16_at(p + 8)?),
                _ => u32_at(p + 8)?,
            };
            return (v != 0).then(|| data.get(v as usize..)).flatten();
        }
    }
    None
}

/// JxrEncApp (and so jxrlib's encoder) writes the alpha plane's byte count (tag 0xBCC3) as the
/// file's size, past the end of the data: jxrlib reads on regardless, `jxr` refuses the file
/// (Truncated). Returns the container with the count clamped to the data's end, when it
/// overran.
fn repair_alpha_count(data: &[u8]) -> Option<Vec<u8>> {
    let u16_at = |p: usize| Some(u16::from_le_bytes(data.get(p..p + 2)?.try_into().ok()?));
    let u32_at = |p: usize| Some(u32::from_le_bytes(data.get(p..p + 4)?.try_into().ok()?));
    if data.len() < 8 || data[..3] != [0x49, 0x49, 0xbc] {
        return None;
    }
    let ifd = u32_at(4)? as usize;
    let count = usize::from(u16_at(ifd)?);
    let (mut offset, mut len_at) = (None, None);
    for i in 0..count {
        let p = ifd + 2 + 12 * i;
        match (u16_at(p)?, u16_at(p + 2)?) {
            (0xbcc2, 4) => offset = Some(u32_at(p + 8)? as usize),
            (0xbcc3, 4) => len_at = Some(p + 8),
            _ => {}
        }
    }
    let (offset, len_at) = (offset?, len_at?);
    let n = u32_at(len_at)? as usize;
    if offset >= data.len() || offset.checked_add(n)? <= data.len() {
        return None;
    }
    let mut out = data.to_vec();
    out[len_at..len_at + 4].copy_from_slice(&((data.len() - offset) as u32).to_le_bytes());
    Some(out)
}

#[derive(Default)]
struct Tally {
    images: u64,
    compared: u64,
    samples: u64,
    different_samples: u64,
    images_differing: u64,
    both_refused: u64,
    only_jxr_refused: u64,
    only_oracle_refused: u64,
    repaired: u64,
    split: u64,
    alpha_images: u64,
    alpha_samples: u64,
    alpha_different: u64,
}

impl Tally {
    fn add(&mut self, d: &Diff) {
        self.compared += 1;
        self.samples += d.samples;
        self.different_samples += d.different;
        if d.different > 0 || d.shape.is_some() {
            self.images_differing += 1;
        }
    }

    fn print(&self, what: &str) {
        println!(
            "{what}: {} images; {} compared, {} samples, {} different samples, {} images differing; \
             refused by both {}, by jxr only {}, by the oracle only {}; {} decoded by jxr only after \
             the alpha byte count repair, {} only with colour and alpha plane decoded apart; alpha (second oracle where the \
             jpegxr crate cannot): {} images, {} samples, {} different",
            self.images,
            self.compared,
            self.samples,
            self.different_samples,
            self.images_differing,
            self.both_refused,
            self.only_jxr_refused,
            self.only_oracle_refused,
            self.repaired,
            self.split,
            self.alpha_images,
            self.alpha_samples,
            self.alpha_different
        );
    }
}

/// Compares one JPEG-XR image (an Annex-A container) with both decoders and prints a line.
/// `path`, when the image is a file, lets JxrDecApp decode it too (alpha).
fn diff_one(label: &str, bytes: &[u8], path: Option<&Path>, tmp: &Path, t: &mut Tally) {
    t.images += 1;
    let mut ours = jxr_decode(bytes, flash_limits());
    if let (Err(e), Some(fixed)) = (&ours, repair_alpha_count(bytes)) {
        println!("{label}: jxr refuses it as written ({e}): alpha byte count past the end; retried with it clamped");
        ours = jxr_decode(&fixed, flash_limits());
        if ours.is_ok() {
            t.repaired += 1;
        }
    }
    if let (Err(e), Some(plane)) = (&ours, alpha_plane(bytes)) {
        println!("{label}: jxr refuses it ({e}); colour and planar alpha decoded as two images (as Molehill does with jxrlib)");
        let fixed = repair_alpha_count(bytes).unwrap_or_else(|| bytes.to_vec());
        ours = decoders::jxr_decode_split(&fixed, plane, flash_limits());
        if ours.is_ok() {
            t.split += 1;
        }
    }
    let oracle = jxrlib_isolated(bytes, alpha_plane(bytes), tmp);
    match (&ours, &oracle) {
        (Err(a), Err(b)) => {
            t.both_refused += 1;
            println!("{label}: both refuse (jxr: {a}; jxrlib: {b})");
        }
        (Err(a), Ok(_)) => {
            t.only_jxr_refused += 1;
            println!("{label}: ONLY JXR REFUSES: {a}");
        }
        (Ok(_), Err(b)) => {
            t.only_oracle_refused += 1;
            println!("{label}: only jxrlib refuses: {b}");
        }
        (Ok(mine), Ok((theirs, alpha_known))) => {
            // Colour (and alpha, when the jpegxr crate could decode the planar alpha plane).
            let d = if *alpha_known || mine.channels != 4 {
                compare(mine, theirs)
            } else {
                compare(&mine.colour(), &theirs.colour())
            };
            t.add(&d);
            let kind = match (mine.channels, mine.packed565, *alpha_known) {
                (1, true, _) => "RGB565",
                (1, false, _) => "grey",
                (3, _, _) => "RGB",
                (_, _, true) => "RGBA (planar alpha)",
                _ => "RGB of RGBA",
            };
            println!("{label}: {}x{} {kind}: {d}", mine.w, mine.h);
            // Alpha against JxrDecApp when jxr decoded some.
            if let (Some(a), Some(p)) = (mine.alpha(), path) {
                match decapp_decode(p, tmp) {
                    Some(Ok(img)) => match {
                        let d = compare(&mine.colour(), &img.colour());
                        println!("{label}: colour vs JxrDecApp: {d}");
                        img.alpha()
                    } {
                        Some(b) => {
                            let d = compare(&a, &b);
                            t.alpha_images += 1;
                            t.alpha_samples += d.samples;
                            t.alpha_different += d.different;
                            if d.shape.is_some() || d.different > 0 {
                                t.images_differing += 1;
                            }
                            println!("{label}: alpha vs JxrDecApp: {d}");
                        }
                        None => println!("{label}: JxrDecApp gave no alpha"),
                    },
                    Some(Err(e)) => println!("{label}: JxrDecApp: {e}"),
                    None => println!("{label}: JxrDecApp not installed; alpha vs it skipped"),
                }
            }
        }
    }
}

fn cmd_atf(args: &[String]) -> i32 {
    let mut files: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    if files.is_empty() {
        let conf = repo_root().join("tests/conformance/textures/atf");
        let shared = std::env::var_os("MOLEHILL_SHARED")
            .map(PathBuf::from)
            .unwrap_or_else(|| repo_root().join("../shared"))
            .join("atf");
        for dir in [conf, shared] {
            match std::fs::read_dir(&dir) {
                Ok(rd) => {
                    let mut v: Vec<PathBuf> = rd
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|e| e == "atf"))
                        .collect();
                    v.sort();
                    files.extend(v);
                }
                Err(_) => println!("SKIP {}: not found", dir.display()),
            }
        }
    }
    let tmp = tmp_dir("atf");
    let mut total = Tally::default();
    for f in &files {
        let data = match std::fs::read(f) {
            Ok(d) => d,
            Err(e) => {
                println!("{}: {e}", f.display());
                continue;
            }
        };
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let atf = match molehill_context3d::atf::parse(&data) {
            Ok(a) => a,
            Err(e) => {
                println!("{name}: container does not parse ({e}); skipped");
                continue;
            }
        };
        if atf.format.is_raw() {
            println!("{name}: format {:?} holds no JPEG-XR; skipped", atf.format);
            continue;
        }
        println!(
            "{name}: ATF v{} format {:?} {}x{} {} levels{}",
            atf.version,
            atf.format,
            atf.width,
            atf.height,
            atf.levels,
            if atf.cubemap { " cube" } else { "" }
        );
        let mut t = Tally::default();
        for img in &atf.coded {
            let at = format!("{name} face {} level {}", img.face, img.level);
            let mut parts: Vec<(&str, &[u8])> = Vec::new();
            if let Some(i) = img.image {
                parts.push(("image", i));
            }
            if let Some(c) = img.dxt_colour {
                parts.push(("DXT colour endpoints", c.endpoints));
            }
            if let Some(a) = img.dxt_alpha {
                parts.push(("DXT5 alpha endpoints", a.endpoints));
            }
            for (what, bytes) in parts {
                let p = tmp.join("record.jxr");
                std::fs::write(&p, bytes).expect("temp");
                diff_one(&format!("  {at} {what}"), bytes, Some(&p), &tmp, &mut t);
            }
        }
        t.print(&format!("  {name}"));
        for (a, b) in [
            (&mut total.images, t.images),
            (&mut total.compared, t.compared),
            (&mut total.samples, t.samples),
            (&mut total.different_samples, t.different_samples),
            (&mut total.images_differing, t.images_differing),
            (&mut total.both_refused, t.both_refused),
            (&mut total.only_jxr_refused, t.only_jxr_refused),
            (&mut total.only_oracle_refused, t.only_oracle_refused),
            (&mut total.repaired, t.repaired),
            (&mut total.split, t.split),
            (&mut total.alpha_images, t.alpha_images),
            (&mut total.alpha_samples, t.alpha_samples),
            (&mut total.alpha_different, t.alpha_different),
        ] {
            *a += b;
        }
    }
    total.print("ATF total");
    let _ = std::fs::remove_dir_all(&tmp);
    i32::from(total.images_differing > 0 || total.only_jxr_refused > 0 || total.only_oracle_refused > 0)
}

fn cmd_dir(args: &[String]) -> i32 {
    let Some(dir) = args.first() else {
        eprintln!("usage: jxr-eval dir DIR");
        return 2;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jxr"))
        .collect();
    files.sort();
    let tmp = tmp_dir("dir");
    let mut t = Tally::default();
    for f in &files {
        let bytes = std::fs::read(f).expect("read");
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        diff_one(&name, &bytes, Some(f), &tmp, &mut t);
    }
    t.print(&format!("{dir}"));
    let _ = std::fs::remove_dir_all(&tmp);
    i32::from(t.images_differing > 0 || t.only_jxr_refused > 0 || t.only_oracle_refused > 0)
}

// ---------------------------------------------------------------------------------------
// Robustness

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Peak resident memory of this process (VmHWM), in KiB.
fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn seeds_from(args: &[String]) -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    for a in args {
        let p = Path::new(a);
        let paths: Vec<PathBuf> = if p.is_dir() {
            let mut v: Vec<PathBuf> = std::fs::read_dir(p)
                .expect("dir")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect();
            v.sort();
            v
        } else {
            vec![p.to_path_buf()]
        };
        for path in paths {
            let Ok(data) = std::fs::read(&path) else { continue };
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.extension().is_some_and(|e| e == "atf") {
                // Every JPEG-XR record of the container.
                let Ok(atf) = molehill_context3d::atf::parse(&data) else { continue };
                for (i, img) in atf.coded.iter().enumerate() {
                    let recs = [
                        img.image,
                        img.dxt_colour.map(|c| c.endpoints),
                        img.dxt_alpha.map(|a| a.endpoints),
                    ];
                    for (k, r) in recs.into_iter().flatten().enumerate() {
                        if jxr::JxrView::parse(r).is_ok() {
                            seeds.push((format!("{name}#{i}.{k}"), r.to_vec()));
                        }
                    }
                }
            } else if path.extension().is_some_and(|e| e == "jxr") {
                seeds.push((name, data));
            }
        }
    }
    seeds
}

fn mutate(rng: &mut Rng, seed: &[u8]) -> (Vec<u8>, &'static str) {
    let mut d = seed.to_vec();
    let kind = rng.below(6);
    let what = match kind {
        0 => {
            let n = rng.below(d.len());
            d.truncate(n);
            "truncate"
        }
        1 | 2 => {
            let flips = 1 + rng.below(if kind == 1 { 1 } else { 16 });
            for _ in 0..flips {
                let i = rng.below(d.len());
                d[i] ^= 1 << rng.below(8);
            }
            if kind == 1 { "flip 1 bit" } else { "flip bits" }
        }
        3 => {
            // Bytes overwritten, with a bias to the headers (first 64 bytes of the codestream).
            for _ in 0..1 + rng.below(8) {
                let i = if rng.below(2) == 0 { rng.below(d.len().min(160)) } else { rng.below(d.len()) };
                d[i] = [0u8, 0xff, 0x7f, 0x80, 1][rng.below(5)].wrapping_add(rng.below(2) as u8 * rng.next() as u8);
            }
            "overwrite bytes"
        }
        4 => {
            // A chunk removed or duplicated.
            let a = rng.below(d.len());
            let n = 1 + rng.below(64.min(d.len() - a).max(1));
            let end = (a + n).min(d.len());
            if rng.below(2) == 0 {
                d.drain(a..end);
                "remove chunk"
            } else {
                let chunk = d[a..end].to_vec();
                let at = rng.below(d.len());
                d.splice(at..at, chunk);
                "duplicate chunk"
            }
        }
        _ => {
            // Flip bits, then truncate.
            for _ in 0..1 + rng.below(4) {
                let i = rng.below(d.len());
                d[i] ^= 1 << rng.below(8);
            }
            let n = d.len() / 2 + rng.below(d.len() / 2 + 1);
            d.truncate(n);
            "flip and truncate"
        }
    };
    (d, what)
}

fn cmd_fuzz(args: &[String]) -> i32 {
    let mut seconds = 120u64;
    let mut max = u64::MAX;
    let mut rest = Vec::new();
    let mut it = args.iter();
    let mut limits_default = false;
    while let Some(a) = it.next() {
        match a.as_str() {
            "--seconds" => seconds = it.next().unwrap().parse().unwrap(),
            "--max" => max = it.next().unwrap().parse().unwrap(),
            "--default-limits" => limits_default = true,
            _ => rest.push(a.clone()),
        }
    }
    let seeds = seeds_from(&rest);
    if seeds.is_empty() {
        eprintln!("no seeds");
        return 2;
    }
    let limits = if limits_default { jxr::DecodeLimits::default() } else { flash_limits() };
    println!(
        "fuzz: {} seeds, {} s or {} executions, limits {}",
        seeds.len(),
        seconds,
        if max == u64::MAX { "unbounded".into() } else { max.to_string() },
        if limits_default { "jxr defaults" } else { "Flash's (4096x4096)" }
    );
    static PANICS: Mutex<Vec<String>> = Mutex::new(Vec::new());
    panic::set_hook(Box::new(|info| {
        let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PANICS.lock().unwrap().push(format!("{at}: {msg}"));
    }));
    let crash_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("out/fuzz-panics");
    let rss_before = peak_rss_kib();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let start = Instant::now();
    let (mut execs, mut ok, mut errs, mut panics) = (0u64, 0u64, 0u64, 0u64);
    let mut slowest = (Duration::ZERO, String::new());
    let mut err_kinds: std::collections::BTreeMap<String, u64> = Default::default();
    let mut by_kind: std::collections::BTreeMap<&str, u64> = Default::default();
    while start.elapsed() < Duration::from_secs(seconds) && execs < max {
        let (name, seed) = &seeds[rng.below(seeds.len())];
        let (input, what) = mutate(&mut rng, seed);
        *by_kind.entry(what).or_default() += 1;
        let t0 = Instant::now();
        let r = panic::catch_unwind(AssertUnwindSafe(|| jxr_decode(&input, limits)));
        let dt = t0.elapsed();
        if dt > slowest.0 {
            slowest = (dt, format!("{what} of {name} ({} bytes)", input.len()));
        }
        execs += 1;
        match r {
            Ok(Ok(_)) => ok += 1,
            Ok(Err(e)) => {
                errs += 1;
                // Group by the error's kind (the text before " while").
                let k = e.split(" while").next().unwrap_or(&e).chars().take(60).collect::<String>();
                *err_kinds.entry(k).or_default() += 1;
            }
            Err(_) => {
                panics += 1;
                let _ = std::fs::create_dir_all(&crash_dir);
                let _ = std::fs::write(crash_dir.join(format!("panic-{execs}.jxr")), &input);
                println!("PANIC on {what} of {name}: {:?}", PANICS.lock().unwrap().last());
            }
        }
    }
    let _ = panic::take_hook();
    println!(
        "fuzz: {execs} executions in {:.1} s: {ok} decoded, {errs} errors, {panics} panics; \
         slowest {:.1} ms ({}); peak RSS {} MiB (before fuzzing {} MiB)",
        start.elapsed().as_secs_f64(),
        slowest.0.as_secs_f64() * 1e3,
        slowest.1,
        peak_rss_kib() / 1024,
        rss_before / 1024
    );
    println!("fuzz: mutations {by_kind:?}");
    println!("fuzz: errors by kind {err_kinds:?}");
    i32::from(panics > 0)
}

/// `fuzz-jxrlib [--max N] SEEDS...`: the same mutations (same generator and seed) through
/// jxrlib (the `jpegxr` crate given the whole container, no Molehill checks before it), each in
/// a child process: how often it crashes where jxr returns an error. For contrast only.
fn cmd_fuzz_jxrlib(args: &[String]) -> i32 {
    let mut max = 2000u64;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--max" => max = it.next().unwrap().parse().unwrap(),
            _ => rest.push(a.clone()),
        }
    }
    let seeds = seeds_from(&rest);
    let tmp = tmp_dir("fuzz-jxrlib");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut errs, mut crashes) = (0u64, 0u64, 0u64);
    let mut jxr_panics = 0u64;
    let start = Instant::now();
    for _ in 0..max {
        let (name, seed) = &seeds[rng.below(seeds.len())];
        let (input, what) = mutate(&mut rng, seed);
        if panic::catch_unwind(AssertUnwindSafe(|| jxr_decode(&input, flash_limits()))).is_err() {
            jxr_panics += 1;
        }
        match jxrlib_isolated(&input, None, &tmp) {
            Ok(_) => ok += 1,
            Err(e) if e.starts_with("jxrlib CRASHED") => {
                crashes += 1;
                if crashes <= 5 {
                    println!("jxrlib crashed on {what} of {name}: {}", e.lines().next().unwrap_or(""));
                }
            }
            Err(_) => errs += 1,
        }
    }
    println!(
        "fuzz-jxrlib: {max} executions in {:.1} s: jxrlib {ok} decoded, {errs} errors, {crashes} crashes (signals); jxr on the same inputs: {jxr_panics} panics",
        start.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&tmp);
    0
}

/// `bigheader FILE W H [--default-limits]`: FILE's codestream with its image header saying
/// W x H (short headers: up to 65536), the data left as it is (far too little), decoded by jxr:
/// the result, the time and this process's peak RSS. Does jxr allocate for the size it is told
/// before it finds the data missing? One case per process, so that the peak is this case's.
fn cmd_bigheader(args: &[String]) -> i32 {
    let data = std::fs::read(&args[0]).expect("read");
    let (w, h): (u32, u32) = (args[1].parse().unwrap(), args[2].parse().unwrap());
    let limits = if args.iter().any(|a| a == "--default-limits") {
        jxr::DecodeLimits::default()
    } else {
        flash_limits()
    };
    let mut data = repair_alpha_count(&data).unwrap_or(data);
    let at = data.windows(8).position(|x| x == b"WMPHOTO\0").expect("codestream");
    let short = data[at + 10] & 0x80 != 0;
    if !short || w == 0 || h == 0 || w > 65536 || h > 65536 {
        eprintln!("needs a short header and 1..=65536");
        return 2;
    }
    // The container's width and height entries (0xBC80, 0xBC81, LONG) say the same.
    let ifd = u32::from_le_bytes(data[4..8].try_into().unwrap()) as usize;
    let n = usize::from(u16::from_le_bytes([data[ifd], data[ifd + 1]]));
    for i in 0..n {
        let p = ifd + 2 + 12 * i;
        match u16::from_le_bytes([data[p], data[p + 1]]) {
            0xbc80 => data[p + 8..p + 12].copy_from_slice(&w.to_le_bytes()),
            0xbc81 => data[p + 8..p + 12].copy_from_slice(&h.to_le_bytes()),
            _ => {}
        }
    }
    data[at + 12..at + 14].copy_from_slice(&((w - 1) as u16).to_be_bytes());
    data[at + 14..at + 16].copy_from_slice(&((h - 1) as u16).to_be_bytes());
    let before = peak_rss_kib();
    let t = Instant::now();
    let r = panic::catch_unwind(AssertUnwindSafe(|| jxr_decode(&data, limits)));
    println!(
        "{w}x{h} ({} bytes of input): {} in {:.1} ms; peak RSS {} MiB (before {} MiB)",
        data.len(),
        match r {
            Ok(Ok(c)) => format!("decoded {}x{}", c.w, c.h),
            Ok(Err(e)) => format!("error: {e}"),
            Err(_) => "PANIC".into(),
        },
        t.elapsed().as_secs_f64() * 1e3,
        peak_rss_kib() / 1024,
        before / 1024
    );
    0
}

/// `checksum FILES...`: the FNV-1a hash of each file's colour samples (8-bit grey or RGB,
/// alpha dropped, rows packed) decoded natively by jxr and by jxrlib: what wasm-smoke's
/// `decode` returns for the same file under Node.
fn cmd_checksum(args: &[String]) -> i32 {
    let fnv = |c: &decoders::Canon| {
        let mut h: u32 = 0x811c_9dc5;
        for &s in &c.colour().samples {
            h ^= u32::from(s);
            h = h.wrapping_mul(0x0100_0193);
        }
        h
    };
    let tmp = tmp_dir("checksum");
    for f in args {
        let data = std::fs::read(f).expect("read");
        let fixed = repair_alpha_count(&data).unwrap_or_else(|| data.clone());
        let mine = jxr_decode(&fixed, flash_limits())
            .or_else(|_| decoders::jxr_decode_split(&fixed, alpha_plane(&fixed).unwrap_or_default(), flash_limits()));
        let theirs = jxrlib_isolated(&data, None, &tmp);
        let name = Path::new(f).file_name().unwrap().to_string_lossy();
        println!(
            "{name} jxr {} jxrlib {}",
            mine.map_or_else(|e| e, |c| format!("{:08x}", fnv(&c))),
            theirs.map_or_else(|e| e, |(c, _)| format!("{:08x}", fnv(&c)))
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
    0
}

// ---------------------------------------------------------------------------------------
// Speed

fn stats(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    (v[0], v[v.len() / 2])
}

fn cmd_bench(args: &[String]) -> i32 {
    let mut iters = 9usize;
    let mut files = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--iters" {
            iters = it.next().unwrap().parse().unwrap();
        } else {
            files.push(PathBuf::from(a));
        }
    }
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    println!(
        "bench: {iters} iterations each, interleaved; rayon's global pool has {} threads; ms (min / median) and ms per megapixel (min / median)",
        rayon::current_num_threads()
    );
    let mut images: Vec<(String, Vec<u8>)> = Vec::new();
    for f in &files {
        let data = std::fs::read(f).expect("read");
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        if f.extension().is_some_and(|e| e == "atf") {
            // The largest JPEG-XR records of the container (level 0).
            let atf = molehill_context3d::atf::parse(&data).expect("atf");
            if let Some(img) = atf.coded.first() {
                for (what, r) in [
                    ("image", img.image),
                    ("colour endpoints", img.dxt_colour.map(|c| c.endpoints)),
                    ("alpha endpoints", img.dxt_alpha.map(|a| a.endpoints)),
                ] {
                    if let Some(r) = r {
                        images.push((format!("{name} level 0 {what}"), r.to_vec()));
                    }
                }
            }
        } else {
            images.push((name, data));
        }
    }
    for (name, data) in &images {
        // As the differential test does: the alpha byte count clamped, planar alpha decoded
        // as an image of its own by both.
        let data = &repair_alpha_count(data).unwrap_or_else(|| data.clone());
        let alpha = alpha_plane(data).map(<[u8]>::to_vec);
        let (theirs, _) = decoders::jxrlib_decode(data, alpha.as_deref()).expect("jxrlib");
        let mine = match &alpha {
            Some(a) => decoders::jxr_decode_split(data, a, jxr::DecodeLimits::default()),
            None => jxr_decode(data, jxr::DecodeLimits::default()),
        }
        .expect("jxr");
        let same = if mine.channels == 4 && alpha.is_none() {
            compare(&mine.colour(), &theirs.colour())
        } else {
            compare(&mine, &theirs)
        };
        let mp = f64::from(mine.w) * f64::from(mine.h) / 1e6;
        let (mut a, mut b, mut c) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..iters {
            let t = Instant::now();
            std::hint::black_box(decoders::jxrlib_bench(data, alpha.as_deref()));
            a.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(decoders::jxr_bench(data, alpha.as_deref()));
            b.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            std::hint::black_box(one.install(|| decoders::jxr_bench(data, alpha.as_deref())));
            c.push(t.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "{name}: {}x{} ({:.2} MP, {} bytes; jxr = jxrlib: {})",
            mine.w,
            mine.h,
            mp,
            data.len(),
            same.different == 0 && same.shape.is_none()
        );
        for (who, v) in [("jxrlib", a), ("jxr (pool)", b), ("jxr (1 thread)", c)] {
            let (min, med) = stats(v);
            println!(
                "  {who:15} {min:8.2} / {med:8.2} ms   {:8.2} / {:8.2} ms/MP",
                min / mp,
                med / mp
            );
        }
    }
    0
}
