//! Pictures: whether a frame is one colour (blank), and the contact sheet of the last frames of
//! a run, a grid a person looks at (each cell framed green for a pass, red for a failure, grey
//! where the SWF left no frame; `contact-sheet.txt` beside it says which SWF each cell is).

use image::{Rgba, RgbaImage, imageops};

/// The one colour every pixel of `frame` has, or `None` when it has two or more.
pub fn single_colour(frame: &RgbaImage) -> Option<[u8; 4]> {
    let mut pixels = frame.pixels();
    let first = pixels.next()?.0;
    pixels.all(|p| p.0 == first).then_some(first)
}

/// The size of one cell's picture in the sheet.
pub const CELL: (u32, u32) = (240, 180);
const BORDER: u32 = 4;
const COLUMNS: u32 = 6;

/// A cell of the sheet: the SWF's last frame (if it left one) and whether it passed.
pub struct Cell {
    pub frame: Option<RgbaImage>,
    pub passed: bool,
}

/// The sheet: cells left to right, top to bottom, [`COLUMNS`] a row (fewer when there are
/// fewer cells); each frame scaled to fit [`CELL`], keeping its aspect ratio, on black.
pub fn contact_sheet(cells: &[Cell]) -> RgbaImage {
    let columns = (cells.len() as u32).clamp(1, COLUMNS);
    let rows = (cells.len() as u32).div_ceil(columns).max(1);
    let (cw, ch) = (CELL.0 + 2 * BORDER, CELL.1 + 2 * BORDER);
    let mut sheet = RgbaImage::from_pixel(columns * cw, rows * ch, Rgba([32, 32, 32, 255]));
    for (i, cell) in cells.iter().enumerate() {
        let (x0, y0) = ((i as u32 % columns) * cw, (i as u32 / columns) * ch);
        let frame_colour = match (&cell.frame, cell.passed) {
            (_, true) => Rgba([40, 180, 60, 255]),
            (Some(_), false) => Rgba([210, 40, 40, 255]),
            (None, false) => Rgba([128, 128, 128, 255]),
        };
        for y in 0..ch {
            for x in 0..cw {
                let inside = (BORDER..BORDER + CELL.0).contains(&x)
                    && (BORDER..BORDER + CELL.1).contains(&y);
                let colour = if inside {
                    Rgba([0, 0, 0, 255])
                } else {
                    frame_colour
                };
                sheet.put_pixel(x0 + x, y0 + y, colour);
            }
        }
        if let Some(frame) = &cell.frame {
            let thumb = fit(frame, CELL);
            let dx = (CELL.0 - thumb.width()) / 2;
            let dy = (CELL.1 - thumb.height()) / 2;
            imageops::overlay(
                &mut sheet,
                &thumb,
                i64::from(x0 + BORDER + dx),
                i64::from(y0 + BORDER + dy),
            );
        }
    }
    sheet
}

/// `frame` scaled (down or up) to fit `(w, h)`, keeping its aspect ratio.
fn fit(frame: &RgbaImage, (w, h): (u32, u32)) -> RgbaImage {
    let (fw, fh) = (frame.width().max(1), frame.height().max(1));
    let scale = f64::min(f64::from(w) / f64::from(fw), f64::from(h) / f64::from(fh));
    let tw = ((f64::from(fw) * scale).round() as u32).clamp(1, w);
    let th = ((f64::from(fh) * scale).round() as u32).clamp(1, h);
    imageops::resize(frame, tw, th, imageops::FilterType::Triangle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_is_blank_when_every_pixel_is_one_colour() {
        let mut frame = RgbaImage::from_pixel(8, 4, Rgba([1, 2, 3, 255]));
        assert_eq!(single_colour(&frame), Some([1, 2, 3, 255]));
        frame.put_pixel(7, 3, Rgba([1, 2, 3, 254]));
        assert_eq!(single_colour(&frame), None);
        assert_eq!(single_colour(&RgbaImage::new(0, 0)), None);
    }

    #[test]
    fn the_sheet_lays_out_framed_cells() {
        let wide = RgbaImage::from_pixel(480, 180, Rgba([255, 255, 255, 255]));
        let cells: Vec<Cell> = (0..7)
            .map(|i| Cell {
                frame: (i != 2).then(|| wide.clone()),
                // Even cells passed, but cell 2, which left no frame.
                passed: i % 2 == 0 && i != 2,
            })
            .collect();
        let sheet = contact_sheet(&cells);
        let (cw, ch) = (CELL.0 + 2 * BORDER, CELL.1 + 2 * BORDER);
        assert_eq!(sheet.dimensions(), (6 * cw, 2 * ch));
        // Cell 0 passed (green frame), cell 1 failed (red), cell 2 left no frame (grey).
        assert_eq!(sheet.get_pixel(0, 0).0, [40, 180, 60, 255]);
        assert_eq!(sheet.get_pixel(cw, 0).0, [210, 40, 40, 255]);
        assert_eq!(sheet.get_pixel(2 * cw, 0).0, [128, 128, 128, 255]);
        // A 480x180 frame fits as 240x90, centred: white in the middle, black above it.
        let (cx, cy) = (BORDER + CELL.0 / 2, BORDER + CELL.1 / 2);
        assert_eq!(sheet.get_pixel(cx, cy).0, [255, 255, 255, 255]);
        assert_eq!(sheet.get_pixel(cx, BORDER + 10).0, [0, 0, 0, 255]);
        assert_eq!(sheet.get_pixel(2 * cw + cx, cy).0, [0, 0, 0, 255]);
        // The seventh cell starts the second row; the rest of that row is the background.
        assert_eq!(sheet.get_pixel(cx, ch + cy).0, [255, 255, 255, 255]);
        assert_eq!(sheet.get_pixel(cw + cx, ch + cy).0, [32, 32, 32, 255]);
    }
}
