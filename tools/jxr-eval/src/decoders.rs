//! The two decoders under comparison, each giving a [`Canon`] image: `jxr` (pure Rust) and
//! jxrlib (Microsoft's C codec, through the `jpegxr` crate, as Molehill uses it today), plus
//! Debian's `JxrDecApp` (jxrlib again, another build) as a second oracle for alpha, which the
//! `jpegxr` crate cannot decode from interleaved-alpha images.

use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::process::Command;

/// A decoded image in one canonical layout so that the decoders can be compared sample by
/// sample: grey (1 channel), R G B (3) or R G B A (4) 8-bit samples, or RGB565 words
/// (`packed565`, 1 sample per pixel, R in the high bits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canon {
    pub w: u32,
    pub h: u32,
    pub channels: u8,
    pub packed565: bool,
    pub samples: Vec<u16>,
}

impl Canon {
    /// The colour channels only (drops alpha of a 4-channel image).
    pub fn colour(&self) -> Canon {
        if self.channels != 4 {
            return self.clone();
        }
        Canon {
            channels: 3,
            samples: self
                .samples
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect(),
            ..self.clone()
        }
    }

    /// The alpha channel of a 4-channel image.
    pub fn alpha(&self) -> Option<Canon> {
        (self.channels == 4).then(|| Canon {
            channels: 1,
            samples: self.samples.chunks_exact(4).map(|p| p[3]).collect(),
            ..self.clone()
        })
    }

    pub fn serialize(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + self.samples.len() * 2);
        out.extend(self.w.to_le_bytes());
        out.extend(self.h.to_le_bytes());
        out.push(self.channels);
        out.push(u8::from(self.packed565));
        for s in &self.samples {
            out.extend(s.to_le_bytes());
        }
        out
    }

    pub fn deserialize(b: &[u8]) -> Option<Canon> {
        let w = u32::from_le_bytes(b.get(0..4)?.try_into().ok()?);
        let h = u32::from_le_bytes(b.get(4..8)?.try_into().ok()?);
        let channels = *b.get(8)?;
        let packed565 = *b.get(9)? != 0;
        let samples = b
            .get(10..)?
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect();
        Some(Canon {
            w,
            h,
            channels,
            packed565,
            samples,
        })
    }
}

// Pixel format GUIDs as Annex-A containers store them (those ATF and the sweep use).
const GUID_PREFIX: [u8; 15] = [
    0x24, 0xc3, 0xdd, 0x6f, 0x03, 0x4e, 0xfe, 0x4b, 0xb1, 0x85, 0x3d, 0x77, 0x76, 0x8d, 0xc9,
];
const GRAY8: u8 = 0x08;
const RGB565: u8 = 0x0a;
const BGR24: u8 = 0x0c;
const RGB24: u8 = 0x0d;
const BGR32: u8 = 0x0e;
const BGRA32: u8 = 0x0f;
const GUID_RGBA32: [u8; 16] = [
    0x2d, 0xad, 0xc7, 0xf5, 0x8d, 0x6a, 0xdd, 0x43, 0xa7, 0xa8, 0xa2, 0x99, 0x35, 0x26, 0x1a, 0xe9,
];

/// The canonical layout of a container pixel format: (channels, packed565).
fn layout_of_guid(g: &[u8; 16]) -> Option<(u8, bool)> {
    if *g == GUID_RGBA32 {
        return Some((4, false));
    }
    if g[..15] != GUID_PREFIX {
        return None;
    }
    Some(match g[15] {
        GRAY8 => (1, false),
        RGB565 => (1, true),
        BGR24 | RGB24 | BGR32 => (3, false),
        BGRA32 => (4, false),
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------
// jxr

/// Flash's texture limits as `jxr` decode limits: the largest side a Stage3D texture has
/// (4096 in the extended profiles; ATF's header allows 2^15, which Molehill refuses earlier),
/// so 4096 x 4096 pixels, 4 components, the input bounded by ATF's u32 record length, and
/// allocations bounded to a few times the largest level's RGBA size.
pub fn flash_limits() -> jxr::DecodeLimits {
    jxr::DecodeLimits {
        max_width: 4096,
        max_height: 4096,
        max_pixels: 4096 * 4096,
        max_components: 4,
        max_tiles: 4096,
        max_compressed_bytes: 64 << 20,
        max_coefficient_bytes: 4096 * 4096 * 4 * 4 * 2,
        max_host_allocation_bytes: 4096 * 4096 * 4 * 4 * 2,
    }
}

/// `JXR_EVAL_BGR=1`: ask jxr for B, G, R(, A) (what Molehill uploads) instead of R, G, B(, A).
fn bgr_order() -> bool {
    std::env::var_os("JXR_EVAL_BGR").is_some_and(|v| v == "1")
}

/// Decodes `bytes` (an Annex-A container or a raw codestream) with `jxr`, in the layout the
/// container's pixel format says (Luma, RGB, RGBA or RGB565), alpha kept.
pub fn jxr_decode(bytes: &[u8], limits: jxr::DecodeLimits) -> Result<Canon, String> {
    let (image, channels, packed) = jxr_image(bytes, limits)?;
    let (w, h) = (image.decoded_region.w, image.decoded_region.h);
    let plane = image.planes.first().ok_or("no plane")?;
    let per_row = w as usize * usize::from(channels);
    let samples: Vec<u16> = match &image.samples {
        jxr::DecodedSamples::U8(v) => {
            let mut out: Vec<u16> = v
                .chunks(plane.row_stride_bytes)
                .take(h as usize)
                .flat_map(|row| row[..per_row].iter().map(|&s| u16::from(s)))
                .collect();
            if bgr_order() && channels >= 3 {
                // Asked for B, G, R(, A): back to the comparison's R, G, B(, A).
                for p in out.chunks_exact_mut(usize::from(channels)) {
                    p.swap(0, 2);
                }
            }
            out
        }
        jxr::DecodedSamples::Rgb565(v) => {
            let stride = plane.row_stride_bytes / 2;
            v.chunks(stride)
                .take(h as usize)
                .flat_map(|row| row[..w as usize].iter().copied())
                .collect()
        }
        other => {
            return Err(format!(
                "unexpected output storage {:?}",
                other.storage_kind()
            ))
        }
    };
    Ok(Canon {
        w,
        h,
        channels,
        packed565: packed,
        samples,
    })
}

/// Planar alpha the way Molehill decodes it today with jxrlib: the colour image with its alpha
/// dropped, and the alpha plane (`alpha_cs`, a raw codestream) as an image of its own, grey.
pub fn jxr_decode_split(
    bytes: &[u8],
    alpha_cs: &[u8],
    limits: jxr::DecodeLimits,
) -> Result<Canon, String> {
    use jxr::{AlphaHandling, BackendRequest, ChannelLayout, PixelFormat};
    let view = jxr::JxrView::parse(bytes).map_err(|e| e.to_string())?;
    let request = jxr::DecodeRequest::new(PixelFormat::U8(ChannelLayout::Rgb))
        .with_alpha(AlphaHandling::Drop)
        .with_backend(BackendRequest::Cpu)
        .with_limits(limits);
    let colour = view.decoder().decode(&request).map_err(|e| e.to_string())?;
    let aview = jxr::JxrView::parse(alpha_cs).map_err(|e| format!("alpha plane: {e}"))?;
    let request = jxr::DecodeRequest::new(PixelFormat::U8(ChannelLayout::Luma))
        .with_backend(BackendRequest::Cpu)
        .with_limits(limits);
    let alpha = aview
        .decoder()
        .decode(&request)
        .map_err(|e| format!("alpha plane: {e}"))?;
    let (w, h) = (colour.decoded_region.w, colour.decoded_region.h);
    if (alpha.decoded_region.w, alpha.decoded_region.h) != (w, h) {
        return Err("alpha plane size".into());
    }
    let (jxr::DecodedSamples::U8(c), jxr::DecodedSamples::U8(a)) =
        (&colour.samples, &alpha.samples)
    else {
        return Err("unexpected storage".into());
    };
    let (cs, as_) = (
        colour.planes[0].row_stride_bytes,
        alpha.planes[0].row_stride_bytes,
    );
    let mut samples = Vec::with_capacity((w * h * 4) as usize);
    for y in 0..h as usize {
        for x in 0..w as usize {
            let p = &c[y * cs + x * 3..][..3];
            samples.extend([p[0], p[1], p[2], a[y * as_ + x]].map(u16::from));
        }
    }
    Ok(Canon {
        w,
        h,
        channels: 4,
        packed565: false,
        samples,
    })
}

/// The bench's jxr decode: like [`jxrlib_bench`], the image and, when given, its planar alpha
/// plane as an image of its own (no conversion to the comparison's layout).
pub fn jxr_bench(bytes: &[u8], alpha_cs: Option<&[u8]>) -> usize {
    use jxr::{AlphaHandling, BackendRequest, ChannelLayout, PixelFormat};
    let Some(alpha_cs) = alpha_cs else {
        return jxr_image(bytes, jxr::DecodeLimits::default())
            .expect("jxr")
            .0
            .samples
            .byte_len();
    };
    let view = jxr::JxrView::parse(bytes).expect("jxr");
    let request = jxr::DecodeRequest::new(PixelFormat::U8(ChannelLayout::Rgb))
        .with_alpha(AlphaHandling::Drop)
        .with_backend(BackendRequest::Cpu);
    let n = view
        .decoder()
        .decode(&request)
        .expect("jxr")
        .samples
        .byte_len();
    let aview = jxr::JxrView::parse(alpha_cs).expect("jxr alpha");
    let request = jxr::DecodeRequest::new(PixelFormat::U8(ChannelLayout::Luma))
        .with_backend(BackendRequest::Cpu);
    n + aview
        .decoder()
        .decode(&request)
        .expect("jxr alpha")
        .samples
        .byte_len()
}

/// The decode itself (what the bench times): parse, then decode to the container's layout.
pub fn jxr_image(
    bytes: &[u8],
    limits: jxr::DecodeLimits,
) -> Result<(jxr::DecodedImage, u8, bool), String> {
    use jxr::{AlphaHandling, AlphaMode, BackendRequest, ChannelLayout, ColorFormat, PixelFormat};
    let view = jxr::JxrView::parse(bytes).map_err(|e| e.to_string())?;
    let info = view.info();
    let has_alpha = info.alpha_mode != AlphaMode::None;
    let (channels, packed) = match info.metadata.container_pixel_format {
        Some(g) => layout_of_guid(&g).ok_or("pixel format outside the comparison")?,
        None => match (info.primary.color_format, has_alpha) {
            (ColorFormat::Luma, _) => (1, false),
            (_, false) => (3, false),
            (_, true) => (4, false),
        },
    };
    let output = match (channels, packed) {
        (1, true) => PixelFormat::Rgb565,
        (1, false) => PixelFormat::U8(ChannelLayout::Luma),
        (3, _) if bgr_order() => PixelFormat::U8(ChannelLayout::Bgr),
        (3, _) => PixelFormat::U8(ChannelLayout::Rgb),
        _ if bgr_order() => PixelFormat::U8(ChannelLayout::Bgra),
        _ => PixelFormat::U8(ChannelLayout::Rgba),
    };
    let alpha = if channels == 4 {
        AlphaHandling::Preserve
    } else {
        AlphaHandling::Drop
    };
    let request = jxr::DecodeRequest::new(output)
        .with_alpha(alpha)
        .with_backend(BackendRequest::Cpu)
        .with_limits(limits);
    let image = view.decoder().decode(&request).map_err(|e| e.to_string())?;
    Ok((image, channels, packed))
}

// ---------------------------------------------------------------------------------------
// jxrlib through the `jpegxr` crate

/// Input for jxrlib: reads past the end give the bytes there are and zeros after them (what
/// jxrlib's own memory stream does; context3d/src/atf/jpegxr.rs says why the crate needs it).
struct Source<'a> {
    data: &'a [u8],
    pos: u64,
}

impl Read for Source<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let start = usize::try_from(self.pos).map_or(self.data.len(), |p| p.min(self.data.len()));
        let rest = &self.data[start..];
        let n = buf.len().min(rest.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.pos = self.pos.saturating_add(n as u64);
        Ok(n)
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> io::Result<()> {
        let n = self.read(buf)?;
        buf[n..].fill(0);
        self.pos = self.pos.saturating_add((buf.len() - n) as u64);
        Ok(())
    }
}

impl Seek for Source<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let pos = match to {
            SeekFrom::Start(p) => Some(p),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
            SeekFrom::End(d) => (self.data.len() as u64).checked_add_signed(d),
        };
        self.pos = pos.ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))?;
        Ok(self.pos)
    }
}

/// A minimal container of one 8-bit grey codestream (to decode a planar alpha plane on its
/// own, as Molehill does).
fn gray_container(w: u32, h: u32, codestream: &[u8]) -> Vec<u8> {
    const ENTRIES: u16 = 5;
    let guid_at = 8 + 2 + 12 * u32::from(ENTRIES) + 4;
    let image_at = guid_at + 16;
    let mut out = vec![0x49, 0x49, 0xbc, 0x01, 8, 0, 0, 0];
    out.extend(ENTRIES.to_le_bytes());
    for (tag, ty, count, value) in [
        (0xbc01u16, 1u16, 16u32, guid_at),
        (0xbc80, 4, 1, w),
        (0xbc81, 4, 1, h),
        (0xbcc0, 4, 1, image_at),
        (0xbcc1, 4, 1, codestream.len() as u32),
    ] {
        out.extend(tag.to_le_bytes());
        out.extend(ty.to_le_bytes());
        out.extend(count.to_le_bytes());
        out.extend(value.to_le_bytes());
    }
    out.extend(0u32.to_le_bytes());
    out.extend(GUID_PREFIX);
    out.push(GRAY8);
    out.extend(codestream);
    out
}

/// The bench's jxrlib decode: the image and, when given, its planar alpha plane, in jxrlib's
/// own pixel formats (no conversion).
pub fn jxrlib_bench(bytes: &[u8], alpha_plane: Option<&[u8]>) -> usize {
    let (_, w, h, px) = jxrlib_raw(bytes).expect("jxrlib");
    let mut n = px.len();
    if let Some(plane) = alpha_plane {
        n += jxrlib_raw(&gray_container(w, h, plane))
            .expect("jxrlib alpha")
            .3
            .len();
    }
    n
}

/// One image through jxrlib: its pixel format and its samples as jxrlib writes them.
fn jxrlib_raw(bytes: &[u8]) -> Result<(jpegxr::PixelFormat, u32, u32, Vec<u8>), String> {
    use jpegxr::{ImageDecode, PixelInfo, Rect};
    let mut dec = ImageDecode::with_reader(Source {
        data: bytes,
        pos: 0,
    })
    .map_err(|e| format!("jxrlib: {e}"))?;
    let (w, h) = dec.get_size().map_err(|e| format!("jxrlib: {e}"))?;
    let format = dec.get_pixel_format().map_err(|e| format!("jxrlib: {e}"))?;
    if w <= 0 || h <= 0 || w > 1 << 15 || h > 1 << 15 {
        return Err("jxrlib: size out of range".into());
    }
    let bits = PixelInfo::from_format(format).bits_per_pixel();
    if bits == 0 || bits % 8 != 0 || bits > 32 {
        return Err(format!(
            "jxrlib: pixel format {format:?} outside the comparison"
        ));
    }
    let bytes_pp = bits / 8;
    let (w, h) = (w as usize, h as usize);
    let pad = |n: usize| n.div_ceil(16) * 16;
    let stride = pad(w) * bytes_pp;
    let mut buf = vec![0u8; stride * pad(h)];
    dec.copy(&Rect::new(0, 0, w as i32, h as i32), &mut buf, stride)
        .map_err(|e| format!("jxrlib: {e}"))?;
    let mut out = Vec::with_capacity(w * h * bytes_pp);
    for row in buf.chunks_exact(stride).take(h) {
        out.extend_from_slice(&row[..w * bytes_pp]);
    }
    Ok((format, w as u32, h as u32, out))
}

/// Decodes `bytes` (an Annex-A container) with jxrlib in the canonical layout. Alpha: from
/// the planar alpha codestream `alpha_plane` when given (decoded on its own as grey, as
/// Molehill does); the crate cannot decode interleaved alpha (it leaves jxrlib's
/// `uAlphaMode` at 0), so an image with alpha and no plane gets `None` for alpha and only
/// its colour is comparable.
pub fn jxrlib_decode(bytes: &[u8], alpha_plane: Option<&[u8]>) -> Result<(Canon, bool), String> {
    use jpegxr::PixelFormat::*;
    let (format, w, h, px) = jxrlib_raw(bytes)?;
    let (channels, packed, samples): (u8, bool, Vec<u16>) = match format {
        PixelFormat8bppGray => (1, false, px.iter().map(|&s| u16::from(s)).collect()),
        PixelFormat16bppRGB565 => (
            1,
            true,
            px.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        PixelFormat24bppRGB => (3, false, px.iter().map(|&s| u16::from(s)).collect()),
        PixelFormat24bppBGR => (
            3,
            false,
            px.chunks_exact(3)
                .flat_map(|p| [p[2], p[1], p[0]].map(u16::from))
                .collect(),
        ),
        PixelFormat32bppBGR => (
            3,
            false,
            px.chunks_exact(4)
                .flat_map(|p| [p[2], p[1], p[0]].map(u16::from))
                .collect(),
        ),
        PixelFormat32bppBGRA => (
            4,
            false,
            px.chunks_exact(4)
                .flat_map(|p| [p[2], p[1], p[0], 0].map(u16::from))
                .collect(),
        ),
        PixelFormat32bppRGBA => (
            4,
            false,
            px.chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2], 0].map(u16::from))
                .collect(),
        ),
        other => {
            return Err(format!(
                "jxrlib: pixel format {other:?} outside the comparison"
            ))
        }
    };
    let mut img = Canon {
        w,
        h,
        channels,
        packed565: packed,
        samples,
    };
    let mut alpha_known = false;
    if channels == 4 {
        if let Some(plane) = alpha_plane {
            let (_, aw, ah, a) = jxrlib_raw(&gray_container(w, h, plane))?;
            if (aw, ah) != (w, h) || a.len() != (w * h) as usize {
                return Err("jxrlib: alpha plane size".into());
            }
            for (p, &v) in img.samples.chunks_exact_mut(4).zip(&a) {
                p[3] = u16::from(v);
            }
            alpha_known = true;
        }
    }
    Ok((img, alpha_known))
}

/// Runs the jxrlib decode in a child process (this program's `jxrlib-one` command), so that
/// a crash in jxrlib is reported, not fatal: jxrlib is not hardened against malformed input.
pub fn jxrlib_isolated(
    bytes: &[u8],
    alpha_plane: Option<&[u8]>,
    tmp: &Path,
) -> Result<(Canon, bool), String> {
    let input = tmp.join("in.jxr");
    let alpha = tmp.join("alpha.cs");
    let output = tmp.join("out.canon");
    std::fs::write(&input, bytes).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&output);
    let mut cmd = Command::new(std::env::current_exe().map_err(|e| e.to_string())?);
    cmd.arg("jxrlib-one").arg(&input).arg(&output);
    if let Some(a) = alpha_plane {
        std::fs::write(&alpha, a).map_err(|e| e.to_string())?;
        cmd.arg(&alpha);
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).trim().to_string();
        return Err(match out.status.code() {
            Some(_) => why,
            None => format!("jxrlib CRASHED ({:?}) {why}", out.status),
        });
    }
    let b = std::fs::read(&output).map_err(|e| e.to_string())?;
    let img = Canon::deserialize(&b[1..]).ok_or("bad child output")?;
    Ok((img, b[0] != 0))
}

/// The child side of [`jxrlib_isolated`].
pub fn jxrlib_one(args: &[String]) -> i32 {
    let input = std::fs::read(&args[0]).expect("input");
    let alpha = args.get(2).map(|p| std::fs::read(p).expect("alpha"));
    match jxrlib_decode(&input, alpha.as_deref()) {
        Ok((img, alpha_known)) => {
            let mut b = vec![u8::from(alpha_known)];
            b.extend(img.serialize());
            std::fs::write(&args[1], b).expect("output");
            0
        }
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

// ---------------------------------------------------------------------------------------
// JxrDecApp (Debian's jxrlib build) -> uncompressed TIFF

/// Decodes the file at `path` with `JxrDecApp -a 2` (image and alpha) to a TIFF and reads it
/// back in the canonical layout (grey, RGB or RGBA). `None` when JxrDecApp is not installed.
pub fn decapp_decode(path: &Path, tmp: &Path) -> Option<Result<Canon, String>> {
    let out = tmp.join("decapp.tif");
    let _ = std::fs::remove_file(&out);
    let r = Command::new("JxrDecApp")
        .arg("-i")
        .arg(path)
        .arg("-o")
        .arg(&out)
        .arg("-a")
        .arg("2")
        .output();
    let r = match r {
        Ok(r) => r,
        Err(_) => return None,
    };
    if !r.status.success() {
        return Some(Err(format!("JxrDecApp exit {:?}", r.status)));
    }
    Some(
        std::fs::read(&out)
            .map_err(|e| e.to_string())
            .and_then(|d| read_tiff(&d)),
    )
}

/// Reads the uncompressed, single-strip, little-endian TIFF JxrDecApp writes.
fn read_tiff(d: &[u8]) -> Result<Canon, String> {
    let u16_at = |p: usize| d.get(p..p + 2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    let u32_at = |p: usize| {
        d.get(p..p + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    if d.get(..4) != Some(&[0x49, 0x49, 42, 0][..]) {
        return Err("not a little-endian TIFF".into());
    }
    let ifd = u32_at(4).ok_or("tiff")? as usize;
    let n = u16_at(ifd).ok_or("tiff")? as usize;
    let (mut w, mut h, mut spp, mut offset, mut count, mut photometric, mut bits, mut comp) =
        (0, 0, 1, 0, 0, 1, 8, 1);
    let mut extra = 0;
    for i in 0..n {
        let p = ifd + 2 + 12 * i;
        let tag = u16_at(p).ok_or("tiff")?;
        let ty = u16_at(p + 2).ok_or("tiff")?;
        let cnt = u32_at(p + 4).ok_or("tiff")?;
        let v = if ty == 3 && cnt <= 2 {
            u32::from(u16_at(p + 8).ok_or("tiff")?)
        } else {
            u32_at(p + 8).ok_or("tiff")?
        };
        match tag {
            256 => w = v,
            257 => h = v,
            258 => {
                bits = if cnt == 1 {
                    v
                } else {
                    u32::from(u16_at(v as usize).ok_or("tiff")?)
                }
            }
            259 => comp = v,
            262 => photometric = v,
            273 => {
                if cnt != 1 {
                    return Err("multi-strip TIFF".into());
                }
                offset = v
            }
            277 => spp = v,
            279 => count = v,
            338 => extra = cnt,
            _ => {}
        }
    }
    if comp != 1 || bits != 8 {
        return Err(format!("TIFF compression {comp}, {bits} bits"));
    }
    let len = (w * h * spp) as usize;
    if count as usize != len {
        return Err("TIFF strip size".into());
    }
    let px = d
        .get(offset as usize..offset as usize + len)
        .ok_or("tiff strip")?;
    let (channels, samples): (u8, Vec<u16>) = match (photometric, spp, extra) {
        (1, 1, _) => (1, px.iter().map(|&s| u16::from(s)).collect()),
        (0, 1, _) => (1, px.iter().map(|&s| 255 - u16::from(s)).collect()),
        (2, 3, _) => (3, px.iter().map(|&s| u16::from(s)).collect()),
        (2, 4, 1) => (4, px.iter().map(|&s| u16::from(s)).collect()),
        (2, 4, 0) => (
            3,
            px.chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]].map(u16::from))
                .collect(),
        ),
        other => return Err(format!("TIFF layout {other:?}")),
    };
    Ok(Canon {
        w,
        h,
        channels,
        packed565: false,
        samples,
    })
}

// ---------------------------------------------------------------------------------------
// Comparison

/// What comparing two images found.
#[derive(Debug, Default, Clone)]
pub struct Diff {
    pub samples: u64,
    pub different: u64,
    pub max_abs: u32,
    /// How many of the differing samples are higher in the first image (jxr's).
    pub first_higher: u64,
    /// The first few differing samples: (x, y, channel, a, b).
    pub first: Vec<(u32, u32, u8, u16, u16)>,
    pub shape: Option<String>,
}

pub fn compare(a: &Canon, b: &Canon) -> Diff {
    let mut d = Diff::default();
    if (a.w, a.h, a.channels, a.packed565) != (b.w, b.h, b.channels, b.packed565)
        || a.samples.len() != b.samples.len()
    {
        d.shape = Some(format!(
            "{}x{}x{}{} vs {}x{}x{}{}",
            a.w,
            a.h,
            a.channels,
            if a.packed565 { " 565" } else { "" },
            b.w,
            b.h,
            b.channels,
            if b.packed565 { " 565" } else { "" }
        ));
        return d;
    }
    let ch = u32::from(a.channels);
    for (i, (&x, &y)) in a.samples.iter().zip(&b.samples).enumerate() {
        d.samples += 1;
        if x != y {
            d.different += 1;
            if x > y {
                d.first_higher += 1;
            }
            let delta = if a.packed565 {
                // Largest difference of the three fields.
                let f = |v: u16| [(v >> 11) as i32, ((v >> 5) & 63) as i32, (v & 31) as i32];
                let (p, q) = (f(x), f(y));
                (0..3)
                    .map(|k| (p[k] - q[k]).unsigned_abs())
                    .max()
                    .unwrap_or(0)
            } else {
                (i32::from(x) - i32::from(y)).unsigned_abs()
            };
            d.max_abs = d.max_abs.max(delta);
            if d.first.len() < 5 {
                let px = i as u32 / ch;
                d.first
                    .push((px % a.w, px / a.w, (i as u32 % ch) as u8, x, y));
            }
        }
    }
    d
}

impl std::fmt::Display for Diff {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(s) = &self.shape {
            return write!(f, "SHAPE DIFFERS {s}");
        }
        write!(f, "{} samples, {} different", self.samples, self.different)?;
        if self.different > 0 {
            write!(
                f,
                " (max |d| {}; {} higher in jxr, {} lower; first (x,y,ch,jxr,oracle): {:?})",
                self.max_abs,
                self.first_higher,
                self.different - self.first_higher,
                self.first
            )?;
        }
        Ok(())
    }
}
