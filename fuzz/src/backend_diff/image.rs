//! `backend_diff`'s rule for two pictures (the module docs of `backend_diff`): the conformance
//! suite's `expect image` comparison, except for a few pixels where an edge lands one pixel
//! apart; and `BACKEND_DIFF_DUMP`'s pictures of a difference.

/// Per channel (A, R, G, B), the largest difference that is not an outlier: the conformance
/// suite's tolerance for values that pass through an 8-bit target twice or round at .5
/// (docs/conformance.md, "How the expected values were derived").
pub const TOLERANCE: u8 = 2;
/// Outlier channel values allowed per image: none, as in every `expect image` of the suite.
pub const MAX_OUTLIERS: u64 = 0;
/// Pixels per image that may differ where an edge falls one pixel apart (`edge_pixel`).
///
/// molehill-gl clips depth in OpenGL's -w..w (its vertex shaders end with `z = 2z - w`, the
/// only portable way to Flash's 0..w on OpenGL ES 3.0), molehill-wgpu in 0..w. Where the depth
/// clip line of a primitive runs through a pixel centre the two disagree in the last bit of the
/// clipped vertex, and that pixel is drawn on one backend only: found by CI's run on the input
/// kept as `fuzz/regressions/backend_diff/depth_clip_edge` (the line through the centre of
/// (60, 5) in a 64x64 back buffer). Both are Flash's picture within the rasteriser's rounding.
/// A real shift of every edge (a half-pixel offset, a flipped row) moves far more pixels. An
/// image of fewer than 256 pixels is allowed one per 64 pixels (none under 64).
pub const MAX_EDGE_PIXELS: usize = 4;

/// The suite's rule for two images of `w * h` premultiplied pixels (`backend_diff`'s module
/// docs): `None` when they agree, else why not.
pub(super) fn pixel_difference(
    what: &str,
    w: u32,
    h: u32,
    gl: Vec<u32>,
    wgpu: Vec<u32>,
) -> Option<String> {
    let image = |p: Vec<u32>| molehill_replay::image::Image::new(w, h, p).expect("image size");
    let (a, b) = (image(gl), image(wgpu));
    let c = molehill_replay::image::compare(&a, &b, TOLERANCE).expect("same size");
    if c.passes(MAX_OUTLIERS) {
        return None;
    }
    let (gl, wgpu) = (a.pixels(), b.pixels());
    let outliers: Vec<(u32, u32)> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| !close(gl[(y * w + x) as usize], wgpu[(y * w + x) as usize]))
        .collect();
    // One pass: the first outlier that is not an edge one pixel apart, if any.
    let off_edge = outliers
        .iter()
        .copied()
        .find(|&(x, y)| !edge_pixel(gl, wgpu, w, h, x, y));
    if off_edge.is_none() && outliers.len() <= edge_allowance(w, h) {
        return None;
    }
    let ((x, y), kind) = match off_edge {
        Some(p) => (p, "not along an edge"),
        None => (outliers[0], "along an edge"),
    };
    Some(format!(
        "{what}: {} channel values in {} pixels differ by more than {TOLERANCE} (largest {}; at most {} pixels may differ where an edge lands one pixel apart); first {kind} at ({x}, {y}): gl 0x{:08X}, wgpu 0x{:08X} ({w}x{h}, premultiplied)",
        c.outliers,
        outliers.len(),
        c.max_difference,
        edge_allowance(w, h),
        a.pixel(x, y).unwrap_or(0),
        b.pixel(x, y).unwrap_or(0),
    ))
}

/// Pixels of a `w * h` image that may differ along an edge: [`MAX_EDGE_PIXELS`], and no more
/// than one in 64, so that a small read-back (a `drawToBitmapData` can be 1x1), where every
/// pixel neighbours most others, gets none (a flipped 2x2 would otherwise pass).
fn edge_allowance(w: u32, h: u32) -> usize {
    let pixels = u64::from(w) * u64::from(h);
    MAX_EDGE_PIXELS.min(usize::try_from(pixels / 64).unwrap_or(usize::MAX))
}

/// Writes `gl.png`, `wgpu.png` and `difference.png` (premultiplied, as compared) into `dir`
/// (`BACKEND_DIFF_DUMP=DIR`), for a finding being turned into a trace.
pub(super) fn dump(dir: &std::path::Path, w: u32, h: u32, gl: Vec<u32>, wgpu: Vec<u32>) {
    use molehill_replay::image::{difference_image, Image};
    let (a, b) = (Image::new(w, h, gl), Image::new(w, h, wgpu));
    let Some((a, b)) = a.zip(b) else { return };
    let _ = std::fs::create_dir_all(dir);
    for (name, image) in [("gl", &a), ("wgpu", &b)] {
        let _ = image.write_png(&dir.join(format!("{name}.png")));
    }
    if let Some(d) = difference_image(&a, &b) {
        let _ = d.write_png(&dir.join("difference.png"));
    }
}

/// Whether two premultiplied pixels agree within [`TOLERANCE`] on every channel.
fn close(a: u32, b: u32) -> bool {
    molehill_replay::image::channel_differences(a, b)
        .iter()
        .all(|&d| d <= TOLERANCE)
}

/// Whether the pixel at (x, y), where the images differ, is an edge one pixel apart: each
/// image's value there is (within [`TOLERANCE`]) the other image's value at one of the eight
/// neighbours or itself, so that one backend drew a primitive's edge one pixel further than
/// the other.
fn edge_pixel(gl: &[u32], wgpu: &[u32], w: u32, h: u32, x: u32, y: u32) -> bool {
    let at = |x: u32, y: u32| (y * w + x) as usize;
    let near = |image: &[u32], value: u32| {
        (y.saturating_sub(1)..=(y + 1).min(h - 1)).any(|ny| {
            (x.saturating_sub(1)..=(x + 1).min(w - 1)).any(|nx| close(image[at(nx, ny)], value))
        })
    };
    near(wgpu, gl[at(x, y)]) && near(gl, wgpu[at(x, y)])
}

#[cfg(test)]
mod tests {
    use super::{pixel_difference, MAX_EDGE_PIXELS};

    const RED: u32 = 0xFFFF_0000;
    const BLUE: u32 = 0xFF00_00FF;

    /// A 16x16 image, red above row `edge` (at columns `..=x_end`) and blue below.
    fn split(edge: impl Fn(u32) -> u32) -> Vec<u32> {
        (0..16u32)
            .flat_map(|y| (0..16u32).map(move |x| (x, y)))
            .map(|(x, y)| if y < edge(x) { RED } else { BLUE })
            .collect()
    }

    #[test]
    fn identical_images_agree() {
        assert_eq!(
            pixel_difference("t", 16, 16, split(|_| 8), split(|_| 8)),
            None
        );
    }

    #[test]
    fn an_edge_one_pixel_apart_at_a_few_pixels_is_forgiven() {
        let n = MAX_EDGE_PIXELS as u32;
        let shifted = split(|x| if x < n { 9 } else { 8 });
        assert_eq!(pixel_difference("t", 16, 16, split(|_| 8), shifted), None);
    }

    #[test]
    fn one_edge_pixel_more_than_allowed_is_a_difference() {
        let n = MAX_EDGE_PIXELS as u32 + 1;
        let shifted = split(|x| if x < n { 9 } else { 8 });
        let why = pixel_difference("t", 16, 16, split(|_| 8), shifted).expect("differs");
        assert!(why.contains(&format!("in {n} pixels")), "{why}");
    }

    #[test]
    fn a_small_image_gets_no_edge_pixels() {
        // A 2x2 read-back upside down: each pixel's value is at a neighbour of the other image.
        let (a, b) = (vec![RED, RED, BLUE, BLUE], vec![BLUE, BLUE, RED, RED]);
        let why = pixel_difference("t", 2, 2, a, b).expect("differs");
        assert!(why.contains("at most 0 pixels"), "{why}");
        // 8x8 allows one.
        let mut a = vec![RED; 32];
        a.extend([BLUE; 32]);
        let mut b = a.clone();
        b[32] = RED;
        assert_eq!(pixel_difference("t", 8, 8, a.clone(), b.clone()), None);
        b[33] = RED;
        assert!(pixel_difference("t", 8, 8, a, b).is_some());
    }

    #[test]
    fn an_edge_shifted_along_its_length_is_a_difference() {
        let why = pixel_difference("t", 16, 16, split(|_| 8), split(|_| 9)).expect("differs");
        assert!(why.contains("16 pixels"), "{why}");
    }

    #[test]
    fn a_colour_that_neither_image_has_nearby_is_a_difference() {
        let mut other = split(|_| 8);
        other[3 * 16 + 3] = 0xFF00_FF00;
        let why = pixel_difference("t", 16, 16, split(|_| 8), other).expect("differs");
        assert!(why.contains("at (3, 3)"), "{why}");
    }
}
