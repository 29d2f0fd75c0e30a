//! The data of a trace's arguments: inline values, files beside the trace, AGAL assembled.

use std::borrow::Cow;
use std::path::Path;

use crate::files::DataFiles;
use crate::image::{Image, ImageError};
use molehill_player::as3::{premultiply, BitmapData, ByteArray, Endian};
use molehill_trace::{hex_to_bytes, AgalSource, BitmapArg, ByteArrayArg, ByteSource};

use super::outcome::FailureKind;

/// A `ByteArray` argument's contents: inline bytes borrowed from the trace (not copied for
/// each call), file contents and assembled AGAL owned.
#[derive(Debug)]
pub(crate) struct Bytes<'a> {
    pub bytes: Cow<'a, [u8]>,
    pub endian: Endian,
    pub position: u32,
}

impl Bytes<'_> {
    pub fn as_byte_array(&self) -> ByteArray<'_> {
        ByteArray {
            bytes: &self.bytes,
            position: self.position,
            endian: self.endian,
        }
    }
}

/// The largest data file (`bytesFile`, `hexFile`, `agalFile`) a replay reads: 1 GiB, far
/// above what one Stage3D call takes (the largest, a 4096x4096 `rgbaHalfFloat` level, is
/// 128 MiB), so that a trace naming a huge or endless file (`/dev/zero`) fails instead of
/// exhausting memory.
pub(crate) const MAX_DATA_FILE: u64 = 1 << 30;

/// Where the files beside a trace are read: the trace's folder, through `files` when a
/// [`DataFiles`] source was given (else the file system).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Folder<'a> {
    pub path: &'a Path,
    pub files: Option<&'a dyn DataFiles>,
}

impl Folder<'_> {
    /// The file `file` beside the trace, at most [`MAX_DATA_FILE`] bytes.
    fn read(&self, file: &str) -> Result<Vec<u8>, FailureKind> {
        self.read_path(&self.path.join(file))
    }

    /// The file at `path` (already joined), at most [`MAX_DATA_FILE`] bytes.
    pub(crate) fn read_path(&self, path: &Path) -> Result<Vec<u8>, FailureKind> {
        match self.files {
            None => read_bounded(path, MAX_DATA_FILE),
            Some(files) => {
                let bytes = files.read(path).map_err(|source| FailureKind::Io {
                    path: path.to_path_buf(),
                    source,
                })?;
                if bytes.len() as u64 > MAX_DATA_FILE {
                    return Err(FailureKind::FileTooLarge {
                        path: path.to_path_buf(),
                        limit: MAX_DATA_FILE,
                    });
                }
                Ok(bytes)
            }
        }
    }

    fn read_text(&self, file: &str) -> Result<String, FailureKind> {
        let path = self.path.join(file);
        utf8(&path, self.read_path(&path)?)
    }

    /// Writes `image` as the PNG `path` (its folder made when missing), to the source or the
    /// file system.
    pub(crate) fn write_png(&self, path: &Path, image: &Image) -> Result<(), FailureKind> {
        let image_err = |source| FailureKind::Image {
            path: path.to_path_buf(),
            source,
        };
        match self.files {
            Some(files) => {
                let bytes = image.encode_png().map_err(image_err)?;
                files.write(path, bytes).map_err(|source| {
                    image_err(ImageError::Io {
                        path: path.display().to_string(),
                        source,
                    })
                })
            }
            None => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|source| FailureKind::Io {
                        path: dir.to_path_buf(),
                        source,
                    })?;
                }
                image.write_png(path).map_err(image_err)
            }
        }
    }

    /// The PNG at `path` (already joined): streamed from the file system, or decoded from
    /// the source's bytes.
    pub(crate) fn read_png(&self, path: &Path) -> Result<Image, ImageError> {
        match self.files {
            None => Image::read_png(path),
            Some(files) => match files.read(path) {
                Ok(bytes) => Image::decode_png(&bytes),
                Err(source) => Err(ImageError::Io {
                    path: path.display().to_string(),
                    source,
                }),
            },
        }
    }
}

/// Reads at most `limit` bytes of `path`; a longer file is [`FailureKind::FileTooLarge`].
fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, FailureKind> {
    use std::io::Read;
    let io = |source| FailureKind::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(FailureKind::FileTooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// A UTF-8 text file of at most [`MAX_DATA_FILE`] bytes (a trace, or AGAL or hex beside one).
pub(crate) fn read_text_file(path: &Path) -> Result<String, FailureKind> {
    utf8(path, read_bounded(path, MAX_DATA_FILE)?)
}

fn utf8(path: &Path, bytes: Vec<u8>) -> Result<String, FailureKind> {
    String::from_utf8(bytes).map_err(|e| FailureKind::Io {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    })
}

/// Resolves a `ByteArray` argument; `base` is the trace's folder.
pub(crate) fn byte_array<'a>(
    arg: &'a ByteArrayArg,
    base: Folder<'_>,
) -> Result<Bytes<'a>, FailureKind> {
    let bytes = match &arg.source {
        ByteSource::Inline(b) => Cow::Borrowed(&b[..]),
        ByteSource::File(file) => Cow::Owned(base.read(file)?),
        ByteSource::HexFile(file) => {
            let text = base.read_text(file)?;
            Cow::Owned(hex_to_bytes(&text).ok_or_else(|| FailureKind::BadHexFile {
                path: base.path.join(file),
            })?)
        }
        ByteSource::Agal {
            kind,
            version,
            source,
        } => {
            let text = match source {
                AgalSource::Inline(t) => AgalSource::inline_to_lines(t),
                AgalSource::File(file) => base.read_text(file)?,
            };
            // As AGALMiniAssembler does: lenient, Adobe's quirks reproduced (and logged).
            let options = molehill_agal::asm::AsmOptions::lenient(*kind, *version);
            let assembly = molehill_agal::asm::assemble_with(&text, &options)
                .map_err(FailureKind::Assemble)?;
            for w in &assembly.warnings {
                log::warn!("agal({kind}): {w}");
            }
            Cow::Owned(molehill_agal::encode(&assembly.program))
        }
    };
    Ok(Bytes {
        bytes,
        endian: match arg.endian {
            molehill_trace::Endian::Little => Endian::Little,
            molehill_trace::Endian::Big => Endian::Big,
        },
        position: arg.position,
    })
}

/// A `BitmapData` argument's pixels, premultiplied as Flash Player stores them (so a texture
/// upload takes them without a copy; a trace's ARGB values are unpremultiplied).
#[derive(Debug)]
pub(crate) struct Bitmap {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u32>,
    pub transparent: bool,
}

impl Bitmap {
    pub fn as_bitmap_data(&self) -> BitmapData<'_> {
        BitmapData {
            width: self.width,
            height: self.height,
            pixels: &self.pixels,
            premultiplied: true,
            transparent: self.transparent,
        }
    }
}

/// A `getPixel32` value as a BitmapData stores it: premultiplied, opaque when not
/// `transparent`.
fn stored(argb: u32, transparent: bool) -> u32 {
    if transparent {
        premultiply(argb)
    } else {
        argb | 0xFF00_0000
    }
}

/// Resolves a `BitmapData` argument; `base` is the trace's folder.
pub(crate) fn bitmap(arg: &BitmapArg, base: Folder<'_>) -> Result<Bitmap, FailureKind> {
    let store = |pixels: &[u32], transparent: bool| {
        pixels.iter().map(|&p| stored(p, transparent)).collect()
    };
    Ok(match arg {
        BitmapArg::Fill {
            width,
            height,
            fill,
            transparent,
        } => Bitmap {
            width: *width,
            height: *height,
            pixels: vec![stored(*fill, *transparent); *width as usize * *height as usize],
            transparent: *transparent,
        },
        BitmapArg::Pixels {
            width,
            height,
            pixels,
            transparent,
        } => Bitmap {
            width: *width,
            height: *height,
            pixels: store(pixels, *transparent),
            transparent: *transparent,
        },
        BitmapArg::File { path, transparent } => {
            let full = base.path.join(path);
            let image = base.read_png(&full).map_err(|source| match source {
                ImageError::Size { width, height } => FailureKind::BitmapSize {
                    path: full.clone(),
                    width,
                    height,
                },
                source => FailureKind::Image {
                    path: full.clone(),
                    source,
                },
            })?;
            Bitmap {
                width: image.width(),
                height: image.height(),
                pixels: store(image.pixels(), *transparent),
                transparent: *transparent,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_files_are_read_up_to_the_bound() {
        let endless = Path::new("/dev/zero");
        if !endless.exists() {
            eprintln!("note: no /dev/zero; skipped");
            return;
        }
        // An endless file stops at the bound instead of exhausting memory.
        assert!(matches!(
            read_bounded(endless, 1000),
            Err(FailureKind::FileTooLarge { limit: 1000, .. })
        ));
        let trace = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/traces/quadrant.trace");
        let len = std::fs::metadata(&trace).unwrap().len();
        assert_eq!(read_bounded(&trace, len).unwrap().len() as u64, len);
        assert!(read_bounded(&trace, len - 1).is_err());
    }

    #[test]
    fn inline_bytes_are_passed_from_the_trace_without_a_copy() {
        let arg = ByteArrayArg {
            source: ByteSource::Inline(vec![1, 2, 3, 4]),
            endian: molehill_trace::Endian::Big,
            position: 2,
        };
        let folder = Folder {
            path: Path::new("."),
            files: None,
        };
        let bytes = byte_array(&arg, folder).unwrap();
        let ByteSource::Inline(inline) = &arg.source else {
            unreachable!()
        };
        assert!(matches!(&bytes.bytes, Cow::Borrowed(b) if b.as_ptr() == inline.as_ptr()));
        let array = bytes.as_byte_array();
        assert_eq!((array.bytes, array.position), (&[1, 2, 3, 4][..], 2));
        assert!(matches!(array.endian, Endian::Big));
    }
}
