//! The windowed path: an EGL window surface from raw-window-handle, present() blitting the back
//! buffer into it with the one orientation flip. Runs only where a DISPLAY exists (for example
//! under `xvfb-run -a -s "-screen 0 1024x768x24" cargo test -p molehill-gl --test windowed`);
//! libX11 is loaded at run time so that building the test needs no X11 development files.
//!
//! Its own binary, not a module of `tests/api`: it needs a display, and `.ci/run` runs it alone
//! under xvfb (`--test windowed`), apart from the headless tests.

use std::ffi::{c_char, c_int, c_uint, c_ulong, c_void};
use std::num::NonZeroU32;
use std::ptr::NonNull;

use molehill_context3d::*;
use molehill_gl::{GlApi, GlBackend};
use raw_window_handle::{RawDisplayHandle, RawWindowHandle, XlibDisplayHandle, XlibWindowHandle};

type XOpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut c_void;
type XDefaultScreen = unsafe extern "C" fn(*mut c_void) -> c_int;
type XRootWindow = unsafe extern "C" fn(*mut c_void, c_int) -> c_ulong;
type XCreateSimpleWindow = unsafe extern "C" fn(
    *mut c_void,
    c_ulong,
    c_int,
    c_int,
    c_uint,
    c_uint,
    c_uint,
    c_ulong,
    c_ulong,
) -> c_ulong;
type XMapWindow = unsafe extern "C" fn(*mut c_void, c_ulong) -> c_int;
type XSync = unsafe extern "C" fn(*mut c_void, c_int) -> c_int;
type XGetImage = unsafe extern "C" fn(
    *mut c_void,
    c_ulong,
    c_int,
    c_int,
    c_uint,
    c_uint,
    c_ulong,
    c_int,
) -> *mut c_void;
type XDestroyImage = unsafe extern "C" fn(*mut c_void) -> c_int;

const Z_PIXMAP: c_int = 2;

/// Reads the window's pixel (x, y) as 0x00RRGGBB (24-bit TrueColor visual, 32 bits per pixel).
///
/// # Safety
/// `image` must be a live XImage of at least (x+1) x (y+1) pixels.
unsafe fn pixel(image: *mut c_void, x: usize, y: usize) -> u32 {
    // XImage (x86_64): int width, height, xoffset, format; char *data (offset 16); ...
    // int bytes_per_line at offset 44.
    // SAFETY: per the function's contract, `image` points to an XImage.
    unsafe {
        let data = *(image.cast::<u8>().add(16).cast::<*const u8>());
        let stride = *(image.cast::<u8>().add(44).cast::<c_int>()) as usize;
        let p = data.add(y * stride + x * 4).cast::<u32>();
        p.read_unaligned() & 0x00ff_ffff
    }
}

#[test]
fn present_shows_the_back_buffer_upright_in_a_window() {
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!("no DISPLAY: windowed test skipped (run it under xvfb-run)");
        return;
    }
    // SAFETY: loading the system's libX11, whose initialisers are safe to run.
    let lib = match unsafe { libloading::Library::new("libX11.so.6") } {
        Ok(l) => l,
        Err(e) => {
            eprintln!("libX11 not loadable ({e}): windowed test skipped");
            return;
        }
    };
    // SAFETY: the symbols have the C signatures declared above (Xlib.h).
    let (open, screen_of, root_of, create, map, sync, get_image, destroy_image) = unsafe {
        (
            *lib.get::<XOpenDisplay>(b"XOpenDisplay\0").unwrap(),
            *lib.get::<XDefaultScreen>(b"XDefaultScreen\0").unwrap(),
            *lib.get::<XRootWindow>(b"XRootWindow\0").unwrap(),
            *lib.get::<XCreateSimpleWindow>(b"XCreateSimpleWindow\0")
                .unwrap(),
            *lib.get::<XMapWindow>(b"XMapWindow\0").unwrap(),
            *lib.get::<XSync>(b"XSync\0").unwrap(),
            *lib.get::<XGetImage>(b"XGetImage\0").unwrap(),
            *lib.get::<XDestroyImage>(b"XDestroyImage\0").unwrap(),
        )
    };
    // SAFETY: plain Xlib calls on a display we opened; arguments are valid.
    let (display, screen, window) = unsafe {
        let display = open(std::ptr::null());
        assert!(!display.is_null(), "XOpenDisplay failed");
        let screen = screen_of(display);
        let window = create(display, root_of(display, screen), 0, 0, 64, 64, 0, 0, 0);
        map(display, window);
        sync(display, 0);
        (display, screen, window)
    };
    let dh = RawDisplayHandle::Xlib(XlibDisplayHandle::new(NonNull::new(display), screen));
    let wh = RawWindowHandle::Xlib(XlibWindowHandle::new(window));
    let _ = NonZeroU32::MIN;
    // SAFETY: the display and window live until the end of this test, after the backend.
    let mut b =
        unsafe { GlBackend::windowed(dh, wh, 64, 64, GlApi::Es30) }.expect("windowed context");
    b.configure_back_buffer(&BackBufferConfig {
        width: 64,
        height: 64,
        anti_alias: 0,
        depth_and_stencil: false,
    })
    .unwrap();
    // Red background, green top half (Flash clip y > 0).
    b.clear(&Clear {
        color: [1.0, 0.0, 0.0, 1.0],
        depth: 1.0,
        stencil: 0,
        mask: ClearMask {
            color: true,
            depth: false,
            stencil: false,
        },
    });
    let v = molehill_agal::asm::assemble(
        "mov op, va0",
        molehill_agal::ProgramKind::Vertex,
        molehill_agal::Version::V1,
    )
    .unwrap();
    let f = molehill_agal::asm::assemble(
        "mov oc, fc0",
        molehill_agal::ProgramKind::Fragment,
        molehill_agal::Version::V1,
    )
    .unwrap();
    b.create_program(
        ProgramId(1),
        &molehill_context3d::ProgramUpload::new(&v, &f),
    )
    .unwrap();
    b.set_program_constants(
        molehill_agal::ProgramKind::Fragment,
        0,
        &[[0.0, 1.0, 0.0, 1.0]],
    );
    let quad: Vec<u8> = [
        -1.0f32, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, -1.0, 0.0, 0.0,
    ]
    .iter()
    .flat_map(|f| f.to_le_bytes())
    .collect();
    b.create_vertex_buffer(
        VertexBufferId(1),
        &VertexBufferDesc {
            num_vertices: 4,
            data32_per_vertex: 3,
            usage: BufferUsage::StaticDraw,
            instances_per_element: None,
        },
    )
    .unwrap();
    b.upload_vertex_buffer(VertexBufferId(1), 0, &quad).unwrap();
    b.create_index_buffer(
        IndexBufferId(1),
        &IndexBufferDesc {
            num_indices: 6,
            usage: BufferUsage::StaticDraw,
        },
    )
    .unwrap();
    b.upload_index_buffer(IndexBufferId(1), 0, &[0, 1, 2, 0, 2, 3])
        .unwrap();
    let mut streams = [None; MAX_STREAMS];
    streams[0] = Some(VertexStream {
        buffer: VertexBufferId(1),
        byte_offset: 0,
        stride: 12,
        format: VertexFormat::Float3,
        divisor: 0,
    });
    b.draw(&ResolvedDraw {
        program: ProgramId(1),
        streams,
        samplers: [None; MAX_SAMPLERS],
        index_buffer: IndexBufferId(1),
        first_index: 0,
        index_count: 6,
        instances: None,
    })
    .unwrap();
    let back = b
        .read_back_buffer(PixelRect {
            x: 0,
            y: 0,
            width: 64,
            height: 64,
        })
        .unwrap();
    assert_eq!(
        (back[2 * 64 + 2], back[60 * 64 + 2]),
        (0xff00_ff00, 0xffff_0000),
        "back buffer"
    );
    b.present().expect("present");
    // SAFETY: Xlib calls on the live display and window; the image is destroyed after use.
    let (top, bottom) = unsafe {
        sync(display, 0);
        let image = get_image(display, window, 0, 0, 64, 64, !0, Z_PIXMAP);
        assert!(!image.is_null(), "XGetImage failed");
        let px = (pixel(image, 2, 2), pixel(image, 2, 60));
        destroy_image(image);
        px
    };
    assert_eq!(
        (top, bottom),
        (0x00ff00, 0xff0000),
        "the window shows green on top, red below"
    );
    drop(b);
}
