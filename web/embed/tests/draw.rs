//! The example's frame on both headless backends (a backend that cannot be made here is
//! skipped with a note): the pixels docs/web.md's example promises.

use molehill_player::{BackendFactory, HeadlessGl, HeadlessWgpu, Stage3D};
use molehill_web_embed::{draw, SIDE};

fn check(name: &str, factory: Box<dyn BackendFactory>) {
    let mut stage = Stage3D::new(factory);
    let drawn = match draw(&mut stage) {
        Ok(d) => d,
        Err(e) if e.contains("#3702") => {
            eprintln!("note: {name} skipped: no context here ({e})");
            return;
        }
        Err(e) => panic!("{name}: {e}"),
    };
    assert_eq!(drawn.context, 1, "{name}");
    let at = |x: u32, y: u32| drawn.pixels[(y * SIDE + x) as usize];
    let mid = SIDE / 2;
    // Left half: the clear colour (0.125, 0.1875, 0.25) = 0x20, 0x30, 0x40.
    assert_eq!(at(mid / 2, mid), 0xFF20_3040, "{name}: left half");
    // Right half: the 2x2 texture, red green over blue white, nearest, tint 1.
    assert_eq!(
        at(mid + mid / 4, mid / 2),
        0xFFFF_0000,
        "{name}: top left texel"
    );
    assert_eq!(
        at(SIDE - mid / 4, mid / 2),
        0xFF00_FF00,
        "{name}: top right texel"
    );
    assert_eq!(
        at(mid + mid / 4, SIDE - mid / 2),
        0xFF00_00FF,
        "{name}: bottom left texel"
    );
    assert_eq!(
        at(SIDE - mid / 4, SIDE - mid / 2),
        0xFFFF_FFFF,
        "{name}: bottom right texel"
    );
}

#[test]
fn draws_on_gl() {
    check("gl", Box::new(HeadlessGl::default()));
}

#[test]
fn draws_on_wgpu() {
    check("wgpu", Box::new(HeadlessWgpu::default()));
}
