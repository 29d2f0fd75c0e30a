//! The same backend on wgpu's GL backend (EGL on llvmpipe): a device, a clear, a draw, a
//! read-back.

use agal::ProgramKind;
use backend_wgpu::{Api, DeviceOptions, WgpuBackend};
use context3d::*;

#[test]
fn wgpu_gl_clears_and_reads_back() {
    let mut b = WgpuBackend::headless(&DeviceOptions { api: Api::Gl }).expect("wgpu on GL");
    assert!(
        b.driver_info().starts_with("wgpu Gl"),
        "{}",
        b.driver_info()
    );
    b.configure_back_buffer(&BackBufferConfig {
        width: 16,
        height: 16,
        anti_alias: 0,
        depth_and_stencil: true,
    })
    .unwrap();
    b.set_program_constants(ProgramKind::Fragment, 0, &[[0.0, 0.0, 1.0, 1.0]]);
    b.clear(&Clear {
        color: [0.0, 1.0, 0.0, 1.0],
        depth: 1.0,
        stencil: 0,
        mask: ClearMask {
            color: true,
            depth: true,
            stencil: true,
        },
    });
    let px = b
        .read_back_buffer(PixelRect {
            x: 0,
            y: 0,
            width: 16,
            height: 16,
        })
        .unwrap();
    assert!(px.iter().all(|&p| p == 0xFF00FF00), "{:08x}", px[0]);
    assert_eq!(b.counters().submits, 1);
}

#[test]
fn no_device_is_an_error_with_the_install_hint() {
    let e = backend_wgpu::DeviceError::NoAdapter {
        api: Api::Vulkan,
        reason: "no driver".into(),
        packages: backend_wgpu::DEBIAN_PACKAGES,
    };
    assert!(
        e.to_string()
            .ends_with("apt-get install mesa-vulkan-drivers libvulkan1"),
        "{e}"
    );
}
