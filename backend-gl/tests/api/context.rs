//! Contexts: headless ES 3.0 and desktop 3.3, several in parallel on their own threads.

use molehill_gl::{ContextOptions, GlApi, GlContext};

#[test]
fn headless_es30_reports_an_es_version() {
    let ctx = GlContext::headless(&ContextOptions::default()).expect("headless GL ES context");
    assert!(
        ctx.info().version.starts_with("OpenGL ES 3"),
        "{:?}",
        ctx.info()
    );
    assert_eq!(ctx.info().api, GlApi::Es30);
}

#[test]
fn headless_desktop33_reports_a_desktop_version() {
    let options = ContextOptions::new(GlApi::Desktop33);
    let ctx = GlContext::headless(&options).expect("headless desktop GL context");
    assert!(
        !ctx.info().version.starts_with("OpenGL ES"),
        "{:?}",
        ctx.info()
    );
    let major: u32 = ctx
        .info()
        .version
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    assert!(major >= 3, "{:?}", ctx.info());
}

#[test]
fn contexts_on_parallel_threads() {
    let handles: Vec<_> = (0..4)
        .map(|_| {
            std::thread::spawn(|| {
                let a = GlContext::headless(&ContextOptions::default()).expect("context a");
                let b = GlContext::headless(&ContextOptions::default()).expect("context b");
                a.make_current().expect("a current");
                b.make_current().expect("b current");
                a.make_current().expect("a current again");
                a.info().renderer.clone()
            })
        })
        .collect();
    for h in handles {
        let renderer = h.join().expect("thread");
        assert!(!renderer.is_empty());
    }
}

#[test]
fn no_gl_errors_name_the_packages_to_install() {
    let e = molehill_gl::ContextError::NoDevice {
        packages: molehill_gl::DEBIAN_PACKAGES,
    };
    let text = e.to_string();
    assert!(
        text.contains("apt-get install libegl1 libgl1-mesa-dri"),
        "{text}"
    );
    let e = molehill_gl::ContextError::NoContext {
        api: GlApi::Es30.name(),
        source: glutin::error::ErrorKind::NotFound.into(),
        packages: molehill_gl::DEBIAN_PACKAGES,
    };
    assert!(e.to_string().contains("OpenGL ES 3.0") && e.to_string().contains("libgl1-mesa-dri"));
}

#[test]
fn forced_software_device_is_llvmpipe_here() {
    let options = ContextOptions::default().with_force_software(true);
    let ctx = GlContext::headless(&options).expect("software device");
    assert!(
        ctx.info().renderer.contains("llvmpipe") || ctx.info().renderer.contains("softpipe"),
        "{:?}",
        ctx.info()
    );
}
