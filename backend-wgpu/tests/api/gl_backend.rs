//! The same backend on wgpu's GL backend (EGL on llvmpipe): a device, a clear, a draw, a
//! read-back.

use crate::common::*;
use molehill_agal::ProgramKind;
use molehill_context3d::*;
use molehill_wgpu::{Api, DeviceOptions, WgpuBackend};

#[test]
fn wgpu_gl_clears_and_reads_back() {
    let mut b = WgpuBackend::headless(&DeviceOptions::new(Api::Gl)).expect("wgpu on GL");
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
    assert_eq!(b.call_counts().submits, 1);
}

#[test]
fn no_device_is_an_error_with_the_install_hint() {
    let e = molehill_wgpu::DeviceError::NoAdapter {
        api: Api::Vulkan,
        reason: "no driver".into(),
        packages: molehill_wgpu::DEBIAN_PACKAGES,
    };
    assert!(
        e.to_string()
            .ends_with("apt-get install mesa-vulkan-drivers libvulkan1"),
        "{e}"
    );
}

#[test]
fn a_scissored_multisampled_pass_resolves_the_whole_target_on_wgpu_gl() {
    // wgpu's GL backend resolves with a blit the last scissor rectangle clipped: the pixels
    // outside it stayed unresolved (0x00000000) unless the pass ends with the whole target.
    for api in [Api::Gl, Api::Vulkan] {
        let mut r = Rig::on(api, 32, 32, 4, true);
        let p = r.program(color_program());
        let q = r.quad([-1.0, -1.0, 1.0, 1.0], 0.0, [0.0, 1.0, 0.0, 1.0]);
        r.b.set_scissor(Some(PixelRect {
            x: 8,
            y: 8,
            width: 8,
            height: 8,
        }));
        r.clear([1.0, 0.0, 0.0, 1.0]);
        r.draw(p, &q);
        let px = r.read();
        assert_px(r.at(&px, 12, 12), argb(255, 0, 255, 0), 0, "inside");
        for (x, y) in [(7, 12), (12, 7), (16, 12), (12, 16), (0, 0), (31, 31)] {
            assert_px(
                r.at(&px, x, y),
                argb(255, 255, 0, 0),
                0,
                &format!("{api:?} ({x}, {y})"),
            );
        }
    }
}
