//! Images of captures and expectations: 32-bit ARGB pixels (unpremultiplied, rows top first),
//! PNG reading and writing, and Ruffle's image comparison (per-channel `tolerance`, at most
//! `max_outliers` channel values beyond it).

use std::io::{BufRead, Cursor, Seek};
use std::path::Path;

use molehill_player::as3::MAX_BITMAP_SIDE;

/// An image: `width * height` pixels `0xAARRGGBB`, unpremultiplied, row 0 at the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    width: u32,
    height: u32,
    pixels: Vec<u32>,
}

/// Why an image could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ImageError {
    /// The file could not be read or written (Display gives the cause; the caller names the
    /// file).
    #[error("{source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Not a PNG we can read.
    #[error("not a readable PNG: {0}")]
    Decode(#[from] png::DecodingError),
    /// The encoder failed.
    #[error("PNG encoding failed: {0}")]
    Encode(#[from] png::EncodingError),
    /// A PNG colour type we do not read (16-bit data is reduced to 8 bits; indexed is expanded).
    #[error("unsupported PNG colour type {0:?}")]
    ColorType(png::ColorType),
    /// A zero-sized image, pixels that do not match the size, or a PNG wider or taller than
    /// [`MAX_BITMAP_SIDE`] (refused before its pixels are
    /// allocated).
    #[error("bad image size {width}x{height}")]
    Size {
        /// Width.
        width: u32,
        /// Height.
        height: u32,
    },
}

/// Writes a recording's expected images as PNG ([`molehill_player::ImageWriter`]), the format
/// `expect image` and `expect screen` read:
/// `RecordedExpectations::new(dir, "session", Rc::new(PngWriter))`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PngWriter;

impl molehill_player::ImageWriter for PngWriter {
    fn write_image(
        &self,
        path: &Path,
        width: u32,
        height: u32,
        pixels: &[u32],
    ) -> Result<(), String> {
        let image = Image::new(width, height, pixels.to_vec()).ok_or_else(|| {
            format!(
                "a {width}x{height} image needs {} pixels",
                u64::from(width) * u64::from(height)
            )
        })?;
        image.write_png(path).map_err(|e| e.to_string())
    }
}

impl Image {
    /// An image from its pixels; `None` when `pixels.len() != width * height` or a side is 0.
    pub fn new(width: u32, height: u32, pixels: Vec<u32>) -> Option<Image> {
        let n = u64::from(width) * u64::from(height);
        (width > 0 && height > 0 && pixels.len() as u64 == n).then_some(Image {
            width,
            height,
            pixels,
        })
    }

    /// An image filled with one colour.
    pub fn filled(width: u32, height: u32, argb: u32) -> Option<Image> {
        let n = usize::try_from(u64::from(width) * u64::from(height)).ok()?;
        Image::new(width, height, vec![argb; n])
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The pixels, rows top first.
    pub fn pixels(&self) -> &[u32] {
        &self.pixels
    }

    /// Mutable pixels.
    pub fn pixels_mut(&mut self) -> &mut [u32] {
        &mut self.pixels
    }

    /// The pixel at column `x`, row `y` (from the top), if inside.
    pub fn pixel(&self, x: u32, y: u32) -> Option<u32> {
        if x >= self.width || y >= self.height {
            return None;
        }
        self.pixels
            .get(y as usize * self.width as usize + x as usize)
            .copied()
    }

    /// RGBA bytes, 4 per pixel.
    pub fn to_rgba8(&self) -> Vec<u8> {
        self.pixels
            .iter()
            .flat_map(|&p| {
                let [a, r, g, b] = p.to_be_bytes();
                [r, g, b, a]
            })
            .collect()
    }

    /// An image from RGBA bytes.
    pub fn from_rgba8(width: u32, height: u32, rgba: &[u8]) -> Option<Image> {
        let pixels = rgba
            .chunks_exact(4)
            .map(|c| u32::from_be_bytes([c[3], c[0], c[1], c[2]]))
            .collect();
        Image::new(width, height, pixels)
    }

    /// Encodes as an 8-bit RGBA PNG.
    pub fn encode_png(&self) -> Result<Vec<u8>, ImageError> {
        let mut out = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut out, self.width, self.height);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&self.to_rgba8())?;
            writer.finish()?;
        }
        Ok(out)
    }

    /// Decodes a PNG (grey, grey+alpha, RGB, RGBA, indexed; 16-bit reduced to 8). A side over
    /// [`MAX_BITMAP_SIDE`] is [`ImageError::Size`].
    pub fn decode_png(bytes: &[u8]) -> Result<Image, ImageError> {
        Image::decode(Cursor::new(bytes))
    }

    /// Decodes a PNG from a reader: only as much is read as the header's size needs.
    fn decode(reader: impl BufRead + Seek) -> Result<Image, ImageError> {
        let mut decoder = png::Decoder::new(reader);
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info()?;
        let (width, height) = (reader.info().width, reader.info().height);
        // The header's size is the file's word: bound it before allocating for it.
        let size = reader
            .output_buffer_size()
            .filter(|_| width <= MAX_BITMAP_SIDE && height <= MAX_BITMAP_SIDE)
            .ok_or(ImageError::Size { width, height })?;
        let mut buf = vec![0; size];
        let info = reader.next_frame(&mut buf)?;
        let data = buf.get(..info.buffer_size()).unwrap_or(&[]);
        let rgba: Vec<u8> = match info.color_type {
            png::ColorType::Rgba => data.to_vec(),
            png::ColorType::Rgb => data
                .chunks_exact(3)
                .flat_map(|c| [c[0], c[1], c[2], 255])
                .collect(),
            png::ColorType::Grayscale => data.iter().flat_map(|&g| [g, g, g, 255]).collect(),
            png::ColorType::GrayscaleAlpha => data
                .chunks_exact(2)
                .flat_map(|c| [c[0], c[0], c[0], c[1]])
                .collect(),
            other => return Err(ImageError::ColorType(other)),
        };
        Image::from_rgba8(info.width, info.height, &rgba).ok_or(ImageError::Size {
            width: info.width,
            height: info.height,
        })
    }

    /// Reads a PNG file (streamed: a file longer than its image is not read to its end).
    pub fn read_png(path: &Path) -> Result<Image, ImageError> {
        let file = std::fs::File::open(path).map_err(|source| ImageError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Image::decode(std::io::BufReader::new(file))
    }

    /// Writes a PNG file.
    pub fn write_png(&self, path: &Path) -> Result<(), ImageError> {
        let bytes = self.encode_png()?;
        std::fs::write(path, bytes).map_err(|source| ImageError::Io {
            path: path.display().to_string(),
            source,
        })
    }
}

/// The outcome of comparing two images of the same size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comparison {
    /// Channel values (R, G, B or A of one pixel) whose difference exceeds the tolerance.
    pub outliers: u64,
    /// Largest difference of any channel.
    pub max_difference: u8,
    /// The first pixel (x, y) with an outlier channel, scanning rows from the top.
    pub first_outlier: Option<(u32, u32)>,
}

impl Comparison {
    /// Whether the images match under `max_outliers`.
    pub fn passes(&self, max_outliers: u64) -> bool {
        self.outliers <= max_outliers
    }
}

/// Per-channel absolute differences of two `0xAARRGGBB` pixels, in A, R, G, B order.
pub fn channel_differences(a: u32, b: u32) -> [u8; 4] {
    let (a, b) = (a.to_be_bytes(), b.to_be_bytes());
    [
        a[0].abs_diff(b[0]),
        a[1].abs_diff(b[1]),
        a[2].abs_diff(b[2]),
        a[3].abs_diff(b[3]),
    ]
}

/// Compares `actual` with `expected` channel by channel; `None` when their sizes differ.
pub fn compare(actual: &Image, expected: &Image, tolerance: u8) -> Option<Comparison> {
    if actual.width != expected.width || actual.height != expected.height {
        return None;
    }
    let mut c = Comparison {
        outliers: 0,
        max_difference: 0,
        first_outlier: None,
    };
    for (i, (&a, &e)) in actual.pixels.iter().zip(&expected.pixels).enumerate() {
        let diffs = channel_differences(a, e);
        let bad = diffs.iter().filter(|&&d| d > tolerance).count() as u64;
        c.max_difference = c.max_difference.max(diffs.into_iter().max().unwrap_or(0));
        if bad > 0 {
            c.outliers += bad;
            if c.first_outlier.is_none() {
                let w = actual.width as usize;
                c.first_outlier = Some(((i % w) as u32, (i / w) as u32));
            }
        }
    }
    Some(c)
}

/// An image of the differences (each channel `|a - b|`, alpha forced opaque so it is visible),
/// `None` when the sizes differ.
pub fn difference_image(actual: &Image, expected: &Image) -> Option<Image> {
    if actual.width != expected.width || actual.height != expected.height {
        return None;
    }
    let pixels = actual
        .pixels
        .iter()
        .zip(&expected.pixels)
        .map(|(&a, &e)| {
            let [da, dr, dg, db] = channel_differences(a, e);
            // Alpha differences show in all three colours on top of the colour differences.
            let r = dr.saturating_add(da);
            let g = dg.saturating_add(da);
            let b = db.saturating_add(da);
            u32::from_be_bytes([255, r, g, b])
        })
        .collect();
    Image::new(actual.width, actual.height, pixels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn img(pixels: &[u32]) -> Image {
        Image::new(2, 2, pixels.to_vec()).unwrap()
    }

    #[test]
    fn png_round_trip_keeps_every_channel() {
        let i = img(&[0xFF102030, 0x00FFFFFF, 0x80000000, 0x7F01FE80]);
        let back = Image::decode_png(&i.encode_png().unwrap()).unwrap();
        assert_eq!(back, i);
    }

    #[test]
    fn comparison_counts_channels_beyond_tolerance() {
        let a = img(&[0xFF000000, 0xFF000000, 0xFF000000, 0xFF000000]);
        // One pixel off by 3 in red and 5 in blue, one off by 1 in green.
        let b = img(&[0xFF000000, 0xFF030005, 0xFF000100, 0xFF000000]);
        let c = compare(&a, &b, 2).unwrap();
        assert_eq!(c.outliers, 2);
        assert_eq!(c.max_difference, 5);
        assert_eq!(c.first_outlier, Some((1, 0)));
        assert!(c.passes(2));
        assert!(!c.passes(1));
        let strict = compare(&a, &b, 0).unwrap();
        assert_eq!(strict.outliers, 3);
        assert_eq!(compare(&a, &a, 0).unwrap().outliers, 0);
    }

    #[test]
    fn comparison_rejects_different_sizes() {
        let a = img(&[0; 4]);
        let b = Image::filled(4, 1, 0).unwrap();
        assert!(compare(&a, &b, 255).is_none());
    }

    #[test]
    fn alpha_differences_count() {
        let a = img(&[0x00000000; 4]);
        let b = img(&[0x10000000, 0, 0, 0]);
        assert_eq!(compare(&a, &b, 15).unwrap().outliers, 1);
        assert_eq!(compare(&a, &b, 16).unwrap().outliers, 0);
        let d = difference_image(&a, &b).unwrap();
        assert_eq!(d.pixel(0, 0), Some(0xFF101010));
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(Image::decode_png(b"not a png").is_err());
        assert!(Image::decode_png(&[0x89, b'P', b'N', b'G']).is_err());
        assert!(Image::new(0, 1, vec![]).is_none());
        assert!(Image::new(2, 2, vec![0; 3]).is_none());
    }

    /// A PNG whose header claims `width` x `height` (one IDAT of a few bytes).
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        fn crc32(bytes: &[u8]) -> u32 {
            let mut crc = !0u32;
            for &b in bytes {
                crc ^= u32::from(b);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 {
                        (crc >> 1) ^ 0xEDB8_8320
                    } else {
                        crc >> 1
                    };
                }
            }
            !crc
        }
        fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
            out.extend((data.len() as u32).to_be_bytes());
            let start = out.len();
            out.extend(kind);
            out.extend(data);
            let crc = crc32(&out[start..]);
            out.extend(crc.to_be_bytes());
        }
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend(height.to_be_bytes());
        ihdr.extend([8, 6, 0, 0, 0]);
        chunk(&mut out, b"IHDR", &ihdr);
        // A stored (uncompressed) zlib block of 5 zero bytes.
        chunk(
            &mut out,
            b"IDAT",
            &[0x78, 0x01, 1, 5, 0, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0, 5, 0, 1],
        );
        chunk(&mut out, b"IEND", &[]);
        out
    }

    #[test]
    fn a_png_header_over_the_bitmap_limit_is_refused_before_allocating() {
        // 4 TB of pixels if believed: this aborted the process before the bound.
        let huge = png_claiming(1_000_000, 1_000_000);
        assert!(matches!(
            Image::decode_png(&huge),
            Err(ImageError::Size {
                width: 1_000_000,
                height: 1_000_000
            })
        ));
        let over = png_claiming(MAX_BITMAP_SIDE + 1, 1);
        assert!(matches!(
            Image::decode_png(&over),
            Err(ImageError::Size { .. })
        ));
        // At the limit the header is believed (this file then lacks the data).
        let at = png_claiming(MAX_BITMAP_SIDE, 1);
        assert!(matches!(Image::decode_png(&at), Err(ImageError::Decode(_))));
    }
}
