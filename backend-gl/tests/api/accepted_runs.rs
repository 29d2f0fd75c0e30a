//! Accepted means it runs (issue 16): mutants of real programs that Molehill's validator and
//! linker accept are uploaded and drawn through `Context3D` on the real headless GL backend. A
//! driver refusing a program Molehill accepted (#3613/#3614 at upload) or a GL error at the draw
//! (#3710 with error checking on) is a failure.
//!
//! Seeds: the program pairs of `../shared/agal-corpus/bytecode` when present, else the
//! repository's own `agal/tests/in` pairs. Mutations are deterministic (a fixed xorshift seed).

use std::collections::HashSet;
use std::path::PathBuf;

use crate::common::{agal_corpus, read_hex};
use molehill_agal::profile::Profile;
use molehill_agal::{Dimension, ProgramKind, TextureFormat as SamplerFormat, Version};
use molehill_context3d::{Context3D, Endian, TextureBase};
use molehill_gl::{ContextOptions, GlBackend};

/// Mutants to draw (accepted ones); the attempts are bounded too.
const WANTED: usize = 300;
const MAX_ATTEMPTS: usize = 60_000;
const TOKEN: usize = 24;
const HEADER: usize = 7;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// `(name, vertex bytes, fragment bytes)` of every seed pair.
fn seeds() -> Vec<(String, Vec<u8>, Vec<u8>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    if let Some(corpus) = agal_corpus() {
        for e in std::fs::read_dir(&corpus).expect("corpus dir").flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if let Some(n) = name.strip_suffix(".vert.hex") {
                let frag = corpus.join(format!("{n}.frag.hex"));
                if frag.exists() {
                    out.push((n.to_owned(), read_hex(&e.path()), read_hex(&frag)));
                }
            }
        }
    } else {
        eprintln!("note: ../shared/agal-corpus not found; seeding from agal/tests/in instead");
        let dir = root.join("../agal/tests/in");
        for e in std::fs::read_dir(&dir).expect("agal/tests/in").flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(n) = name.strip_suffix(".vert.agal") else {
                continue;
            };
            let toml = std::fs::read_to_string(dir.join(format!("{n}.toml"))).unwrap_or_default();
            let version = match toml.lines().find_map(|l| l.strip_prefix("version = ")) {
                Some("3") => Version::V3,
                Some("2") => Version::V2,
                _ => Version::V1,
            };
            let asm = |file: &str, kind| {
                let src = std::fs::read_to_string(dir.join(file)).ok()?;
                molehill_agal::asm::assemble(&src, kind, version)
                    .ok()
                    .map(|p| molehill_agal::encode(&p))
            };
            if let (Some(v), Some(f)) = (
                asm(&name, ProgramKind::Vertex),
                asm(&format!("{n}.frag.agal"), ProgramKind::Fragment),
            ) {
                out.push((n.to_owned(), v, f));
            }
        }
    }
    out.sort();
    out
}

/// One to three random edits of the token stream: a byte, a 32-bit field, a register number,
/// a whole token deleted, duplicated or swapped.
fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for _ in 0..1 + rng.below(3) {
        let tokens = (b.len().saturating_sub(HEADER)) / TOKEN;
        if tokens == 0 {
            break;
        }
        let t = HEADER + rng.below(tokens) * TOKEN;
        match rng.below(7) {
            0 => {
                let i = t + rng.below(TOKEN);
                b[i] ^= 1 << rng.below(8);
            }
            1 => {
                let i = t + rng.below(TOKEN);
                b[i] = rng.next() as u8;
            }
            // Opcode: one of AGAL's (0x00..=0x2d and the AGAL 2/3 ones up to 0x31).
            2 => b[t] = rng.below(0x32) as u8,
            // A register number (destination, source a or source b) to a small value.
            3 => {
                let at = [t + 4, t + 8, t + 16][rng.below(3)];
                b[at] = rng.below(9) as u8;
            }
            4 if tokens > 1 => {
                b.drain(t..t + TOKEN);
            }
            5 => {
                let token: Vec<u8> = b[t..t + TOKEN].to_vec();
                b.splice(t..t, token);
            }
            _ => {
                let u = HEADER + rng.below(tokens) * TOKEN;
                for k in 0..TOKEN {
                    b.swap(t + k, u + k);
                }
            }
        }
    }
    b
}

/// Textures for every sampler the pair uses, of the kind each sampler expects, fully uploaded.
fn bind_textures(
    c: &mut Context3D<GlBackend>,
    usage: &molehill_context3d::ProgramUsage,
) -> Vec<TextureBase> {
    let mut made = Vec::new();
    for (slot, sampler) in usage.samplers.iter().enumerate() {
        let Some(s) = sampler else { continue };
        let format = match s.format {
            SamplerFormat::Dxt1 => "compressed",
            SamplerFormat::Dxt5 => "compressedAlpha",
            _ => "bgra",
        };
        let px = [0xFF40_80C0u32; 16];
        let t = match (s.format, s.dimension) {
            (SamplerFormat::Video, _) => {
                let t = c.create_video_texture().expect("video texture");
                c.video_texture_attach_frame(t, &px, 4, 4).expect("frame");
                t
            }
            (_, Dimension::Cube) => {
                let t = c.create_cube_texture(4, format, false, 0).expect("cube");
                for side in 0..6 {
                    for (level, size) in [(0, 4), (1, 2), (2, 1)] {
                        c.texture_upload_from_bitmap_data(
                            t,
                            &px[..size * size],
                            size as u32,
                            size as u32,
                            side,
                            level,
                        )
                        .expect("cube upload");
                    }
                }
                t
            }
            _ => {
                let t = c.create_texture(4, 4, format, false, 0).expect("texture");
                for (level, size) in [(0, 4), (1, 2), (2, 1)] {
                    c.texture_upload_from_bitmap_data(
                        t,
                        &px[..size * size],
                        size as u32,
                        size as u32,
                        0,
                        level,
                    )
                    .expect("upload");
                }
                t
            }
        };
        c.set_texture_at(slot as i32, Some(t))
            .expect("setTextureAt");
        made.push(t);
    }
    made
}

#[test]
fn validator_accepted_mutants_compile_and_draw_on_gl() {
    let seeds = seeds();
    assert!(!seeds.is_empty(), "no seed programs");
    let profiles = [Profile::Baseline, Profile::StandardExtended];
    let mut contexts: Vec<(Context3D<GlBackend>, molehill_context3d::VertexBuffer3D)> = profiles
        .iter()
        .map(|p| {
            let backend = GlBackend::headless(&ContextOptions::default()).expect("GL");
            let mut c = Context3D::request(backend, "auto", p.as3_name()).expect("context");
            c.configure_back_buffer(32, 32, 0, true, false, false)
                .unwrap();
            c.set_enable_error_checking(true).unwrap();
            let vb = c.create_vertex_buffer(3, 4, "staticDraw").unwrap();
            c.vertex_buffer_upload_from_vector(
                vb,
                &[
                    -1.0, -1.0, 0.5, 1.0, 3.0, -1.0, 0.5, 1.0, -1.0, 3.0, 0.5, 1.0,
                ],
                0,
                3,
            )
            .unwrap();
            (c, vb)
        })
        .collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen = HashSet::new();
    let (mut accepted, mut drawn, mut draw_checks) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for attempt in 0..MAX_ATTEMPTS {
        if accepted >= WANTED {
            break;
        }
        let (name, v, f) = &seeds[rng.below(seeds.len())];
        let (v, f) = match rng.below(3) {
            0 => (mutate(v, &mut rng), f.clone()),
            1 => (v.clone(), mutate(f, &mut rng)),
            _ => (mutate(v, &mut rng), mutate(f, &mut rng)),
        };
        let which = rng.below(profiles.len());
        let profile = profiles[which];
        let ok = |bytes: &[u8], kind| molehill_agal::valid::validate(bytes, kind, profile).ok();
        let (Some(vp), Some(fp)) = (ok(&v, ProgramKind::Vertex), ok(&f, ProgramKind::Fragment))
        else {
            continue;
        };
        if molehill_agal::valid::link(&vp, &fp).is_err()
            || !seen.insert((v.clone(), f.clone(), which))
        {
            continue;
        }
        accepted += 1;
        let (c, quad) = &mut contexts[which];
        let quad = *quad;
        let what = format!("mutant {attempt} of {name} under {}", profile.as3_name());
        let p = c.create_program().unwrap();
        if let Err(e) = c.program_upload(p, &v, Endian::Little, &f, Endian::Little) {
            failures.push(format!(
                "{what}: upload refused: {e}\n{}\n{}",
                molehill_agal::disasm::disassemble(&vp),
                molehill_agal::disasm::disassemble(&fp)
            ));
            c.program_dispose(p);
            continue;
        }
        let usage = c.program_usage(p).expect("uploaded").clone();
        c.set_program(Some(p)).unwrap();
        for i in 0..8 {
            let vb = (usage.attributes & (1 << i) != 0).then_some(quad);
            c.set_vertex_buffer_at(i, vb, 0, "float4").unwrap();
        }
        let textures = bind_textures(c, &usage);
        let ib = c.create_index_buffer(3, "staticDraw").unwrap();
        c.index_buffer_upload_from_vector(ib, &[0, 1, 2], 0, 3)
            .unwrap();
        c.clear(0.0, 0.0, 0.0, 1.0, 1.0, 0, 7).unwrap();
        match c.draw_triangles(Some(ib), 0, 1) {
            Ok(()) => drawn += 1,
            // A GL error or a lost context: the driver refused what Molehill accepted.
            Err(e) if [3613, 3614, 3694, 3710].contains(&e.id) => {
                failures.push(format!("{what}: draw failed: {e}"))
            }
            // Flash's own draw-time checks (a sampler's flags against the texture, ...).
            Err(_) => draw_checks += 1,
        }
        c.present().unwrap();
        for (slot, sampler) in usage.samplers.iter().enumerate() {
            if sampler.is_some() {
                c.set_texture_at(slot as i32, None).unwrap();
            }
        }
        for t in textures {
            c.texture_dispose(t);
        }
        c.index_buffer_dispose(ib);
        c.program_dispose(p);
    }
    eprintln!(
        "{} seeds; {accepted} accepted mutants uploaded, {drawn} drawn, {draw_checks} stopped by Flash's draw-time checks",
        seeds.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {accepted} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(accepted >= 100, "only {accepted} accepted mutants");
    assert!(drawn * 2 >= accepted, "only {drawn} of {accepted} drew");
}
